import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '@pentland/ui';

export const agenda = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space['2'],
  overflowWrap: 'anywhere',
});
export const when = style({ fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });
export const who = style({ flex: '1 1 12rem', minWidth: 0 });
export const reference = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const open = style({
  border: 0,
  padding: 0,
  background: 'none',
  font: 'inherit',
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
});
