import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const group = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space['2'],
  padding: 0,
});
export const window = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  padding: vars.space['3'],
  margin: 0,
  minWidth: 0,
});
export const days = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['1'] });
export const times = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
});
export const list = style({ margin: 0, paddingLeft: vars.space['5'] });
export const muted = style({ color: vars.color.textMuted });
