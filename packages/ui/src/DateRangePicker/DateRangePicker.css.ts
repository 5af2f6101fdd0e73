import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const group = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space['2'],
  padding: 0,
});
export const fields = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
});
