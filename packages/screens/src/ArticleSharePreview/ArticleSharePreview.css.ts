import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';
import { shareImageRatio } from '@pentland/articles';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'], minWidth: 0 });
export const heading = style({ margin: 0, fontSize: vars.fontSize.md });
export const address = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const preview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  minWidth: 0,
});
export const caption = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

/** A search result: white, the site's name and address above a blue title and the description. */
export const search = style({
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: '#ffffff',
  color: '#4d5156',
  fontFamily: 'Arial, sans-serif',
  fontSize: '14px',
  lineHeight: 1.58,
  overflowWrap: 'anywhere',
});
export const searchSite = style({ color: '#202124', margin: 0 });
export const searchUrl = style({ color: '#4d5156', fontSize: '12px', margin: 0 });
export const searchTitle = style({
  color: '#1a0dab',
  fontSize: '20px',
  lineHeight: 1.3,
  margin: `${vars.space['1']} 0`,
});
export const searchDescription = style({ margin: 0 });

/** A large link card: the image cropped to 1.91 : 1 above the domain, title and description. */
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  fontFamily: 'Arial, sans-serif',
  overflowWrap: 'anywhere',
});
export const cardImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: `${shareImageRatio} / 1`,
  objectFit: 'cover',
  background: vars.color.border,
});
export const cardText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space['3'],
});
export const cardDomain = style({ margin: 0, fontSize: '12px', color: vars.color.textMuted });
export const cardTitle = style({
  margin: 0,
  fontSize: '16px',
  fontWeight: 700,
  lineHeight: 1.25,
  color: vars.color.text,
});
export const cardDescription = style({
  margin: 0,
  fontSize: '14px',
  lineHeight: 1.35,
  color: vars.color.textMuted,
});

export const lengths = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const over = style({ color: vars.color.criticalText, fontWeight: vars.fontWeight.semibold });
