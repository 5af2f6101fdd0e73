import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space['4'],
  padding: vars.space['5'],
});

export const swatch = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'space-between',
  minHeight: '96px',
  padding: vars.space['3'],
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const swatchName = style({ fontWeight: vars.fontWeight.semibold });

export const table = style({
  borderCollapse: 'collapse',
  margin: vars.space['5'],
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
});

export const cell = style({
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  textAlign: 'left',
  verticalAlign: 'middle',
});

export const code = style({ fontFamily: vars.font.mono });

export const bar = style({ height: '12px', background: vars.color.brand, borderRadius: vars.radii.sm });

export const box = style({
  width: '72px',
  height: '48px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
