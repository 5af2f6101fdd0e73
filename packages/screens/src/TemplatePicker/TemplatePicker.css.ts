import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space['4'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const item = style({ height: '100%' });
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, flex: 1 });
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexWrap: 'wrap',
});
export const swatch = style({ height: 8, borderRadius: vars.radii.sm });
