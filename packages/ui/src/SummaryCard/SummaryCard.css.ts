import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const fill = style({ height: '100%' });

/** Pushes the link to the card's bottom edge so a row of cards lines up. */
export const footer = style({ marginTop: 'auto' });

export const link = style({
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
  // A generous hit area for touch without changing the text's look.
  display: 'inline-block',
  paddingTop: vars.space['2'],
  paddingBottom: vars.space['2'],
});
