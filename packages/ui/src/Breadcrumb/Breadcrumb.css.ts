import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
});

export const item = style({ display: 'inline-flex', alignItems: 'center' });

// The separator is drawn, not written, so screen readers read the trail as a plain list.
globalStyle(`${item} + ${item}::before`, {
  content: '"/"',
  paddingLeft: vars.space['2'],
  paddingRight: vars.space['2'],
  opacity: 0.7,
});

export const link = style({
  color: 'inherit',
  // Semibold, a face the first screen loads anyway (the medium face was one more 25 KB font before a service page
  // could show its heading).
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
  // A taller target for touch without changing the line's look.
  paddingTop: vars.space['2'],
  paddingBottom: vars.space['2'],
});

export const current = style({ fontWeight: vars.fontWeight.regular });
