import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': {
    // From tablets, every item in one row of equal columns.
    [`screen and (min-width: ${breakpoints.tablet}px)`]: {
      gridAutoFlow: 'column',
      gridAutoColumns: 'minmax(0, 1fr)',
    },
  },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  color: vars.color.text,
});

export const name = style({ fontSize: vars.fontSize.lg });

export const summary = style({ color: vars.color.textMuted });

export const price = style({
  marginTop: 'auto',
  paddingTop: vars.space['2'],
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.accent,
});

export const detail = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
