import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

export const footer = style({
  background: vars.color.surfaceInverse,
  color: vars.color.textInverseMuted,
  paddingTop: vars.space['7'],
  paddingBottom: vars.space['5'],
});

export const inner = style({
  maxWidth: vars.contentWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [`screen and (min-width: ${breakpoints.desktop}px)`]: { gridTemplateColumns: '1.3fr 1fr 1fr 1.2fr' },
  },
});

export const brandName = style({
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space['2'],
});

export const tagline = style({ marginBottom: vars.space['4'] });

export const heading = style({
  color: vars.color.textInverse,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space['3'],
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const link = style({
  color: vars.color.textInverseMuted,
  textDecoration: 'none',
  borderRadius: vars.radii.sm,
  selectors: { '&:hover': { color: vars.color.textInverse, textDecoration: 'underline' } },
});

export const contactList = style([list, { fontStyle: 'normal' }]);

export const social = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.surfaceInverseRaised}`,
  borderRadius: vars.radii.full,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceInverseRaised } },
});

export const bottom = style({
  marginTop: vars.space['6'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.surfaceInverseRaised}`,
  fontSize: vars.fontSize.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const policies = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

// At least 24 px tall, so each policy link is a comfortable target (WCAG 2.5.8).
export const policyLink = style([
  link,
  { display: 'inline-flex', alignItems: 'center', minHeight: '24px', color: vars.color.textInverse },
]);

export const company = style({ maxWidth: '60rem', overflowWrap: 'anywhere' });
