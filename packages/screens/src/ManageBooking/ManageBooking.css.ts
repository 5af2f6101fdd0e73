import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 8rem) minmax(0, 1fr)',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  overflowWrap: 'anywhere',
});

globalStyle(`${facts} dt`, { color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
globalStyle(`${facts} dd`, { margin: 0 });

export const struck = style({ textDecoration: 'line-through', color: vars.color.textMuted });

export const reference = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.semibold });
