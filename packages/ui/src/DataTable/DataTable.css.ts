import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const toolbar = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  alignItems: 'end',
});
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  font: 'inherit',
  fontWeight: 'inherit',
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
});
export const status = style({ padding: vars.space['5'], textAlign: 'center', color: vars.color.textMuted });
