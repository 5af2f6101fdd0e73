import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const article = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize['3xl'],
  lineHeight: vars.lineHeight.tight,
  margin: 0,
  color: vars.color.text,
});
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const cover = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radii.lg,
  background: vars.color.surfaceMuted,
});

/** Rich text from the editor: readable measure, spacing, figures that never overflow. */
export const prose = style({
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
});
globalStyle(`${prose} > * + *`, { marginTop: vars.space['4'] });
globalStyle(`${prose} :is(p, ul, ol, blockquote, pre, figure)`, { marginBottom: 0 });
globalStyle(`${prose} :is(h2, h3, h4)`, {
  fontFamily: vars.font.heading,
  lineHeight: vars.lineHeight.tight,
  marginTop: vars.space['6'],
  marginBottom: 0,
});
globalStyle(`${prose} h2`, { fontSize: vars.fontSize['2xl'] });
globalStyle(`${prose} h3`, { fontSize: vars.fontSize.xl });
globalStyle(`${prose} h4`, { fontSize: vars.fontSize.lg });
globalStyle(`${prose} a`, { color: vars.color.brand, textDecoration: 'underline' });
globalStyle(`${prose} :is(ul, ol)`, { paddingLeft: vars.space['5'] });
globalStyle(`${prose} blockquote`, {
  marginLeft: 0,
  paddingLeft: vars.space['4'],
  borderLeft: `4px solid ${vars.color.brand}`,
  color: vars.color.textMuted,
  fontStyle: 'italic',
});
globalStyle(`${prose} pre`, {
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  padding: vars.space['4'],
  borderRadius: vars.radii.md,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});
globalStyle(`${prose} :not(pre) > code`, {
  fontFamily: vars.font.mono,
  background: vars.color.surfaceMuted,
  padding: '0.1em 0.3em',
  borderRadius: vars.radii.sm,
});
globalStyle(`${prose} figure`, { marginLeft: 0, marginRight: 0 });
globalStyle(`${prose} img`, {
  maxWidth: '100%',
  height: 'auto',
  borderRadius: vars.radii.md,
  display: 'block',
});
globalStyle(`${prose} figcaption`, {
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: vars.space['2'],
});
globalStyle(`${prose} hr`, { border: 'none', borderTop: `1px solid ${vars.color.border}` });

export const cardImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radii.md,
  background: vars.color.surfaceMuted,
});
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight });
export const cardLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
/** A tag of a card: a pill, a link to the articles with that tag when it has one (24 px high at least). */
export const tagLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '1.5rem',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radii.full,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  textDecoration: 'none',
  selectors: { 'a&:hover': { textDecoration: 'underline' } },
});
