import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const figure = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  flexGrow: 1,
});

export const quote = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.normal,
  quotes: '"\\201C" "\\201D"',
  selectors: { '&::before': { content: 'open-quote' }, '&::after': { content: 'close-quote' } },
});

export const caption = style({
  marginTop: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const name = style({ fontWeight: vars.fontWeight.semibold, fontStyle: 'normal' });
