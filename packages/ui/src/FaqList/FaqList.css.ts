import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const item = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const question = style({
  cursor: 'pointer',
  listStyle: 'none',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['4'],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    // A plus that turns into a minus when the answer is open.
    '&::after': { content: '"+"', fontSize: vars.fontSize.xl, lineHeight: 1, color: vars.color.brand },
    [`${item}[open] > &::after`]: { content: '"−"' },
  },
});

export const answer = style({
  padding: `0 ${vars.space['4']} ${vars.space['4']}`,
  color: vars.color.textMuted,
});
