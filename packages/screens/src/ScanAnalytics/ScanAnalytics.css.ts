import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space['3'],
});
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
});
export const number = style({ fontSize: vars.fontSize['3xl'], fontWeight: vars.fontWeight.bold, margin: 0 });
export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const tables = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  gap: vars.space['4'],
});
export const muted = style({ color: vars.color.textMuted });
