import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  alignItems: 'end',
});
export const detail = style({
  display: 'grid',
  gap: vars.space['5'],
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: '1fr 1fr' } },
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
});
export const term = style({ fontWeight: vars.fontWeight.semibold });
export const value = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const log = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
});
export const logWhen = style({ color: vars.color.textMuted, marginRight: vars.space['2'] });
export const booking = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  padding: vars.space['3'],
  margin: 0,
  minWidth: 0,
});
export const legend = style({ fontWeight: vars.fontWeight.semibold, padding: `0 ${vars.space['1']}` });
export const when = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
});
