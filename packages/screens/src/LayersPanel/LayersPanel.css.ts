import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
export const heading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: vars.space['1'],
  borderRadius: vars.radii.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    '&[data-selected]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
  },
});

export const name = style({
  flex: 1,
  minWidth: 0,
  textAlign: 'left',
  background: 'none',
  border: 'none',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const kind = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  marginLeft: vars.space['1'],
});

export const toggle = style({
  minWidth: 32,
  minHeight: 32,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.sm,
  background: vars.color.surface,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.surfaceInverse, color: vars.color.textInverse },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const empty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
