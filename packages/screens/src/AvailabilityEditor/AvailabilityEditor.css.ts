import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const day = style({
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  margin: 0,
  padding: `${vars.space['3']} 0 0`,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['2'],
});
export const dayName = style({
  fontWeight: vars.fontWeight.semibold,
  padding: 0,
  float: 'left',
  width: '100%',
});
export const hours = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  maxWidth: '24rem',
});
export const error = style({ margin: 0, color: vars.color.criticalText, fontSize: vars.fontSize.sm });
export const type = style({
  display: 'grid',
  gap: vars.space['3'],
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});
export const typeName = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const numbers = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
});
export const daysOff = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});
export const dayOff = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
