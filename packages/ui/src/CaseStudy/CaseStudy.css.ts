import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const parts = style({ margin: 0, display: 'grid', gap: vars.space['3'] });

export const term = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: vars.color.accent,
});

export const definition = style({ margin: 0 });

export const figures = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
});

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space['3'],
  borderRadius: vars.radii.md,
  background: vars.color.brandSoft,
});

export const figureValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const quote = style({
  margin: 0,
  paddingLeft: vars.space['3'],
  borderLeft: `3px solid ${vars.color.accent}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const quoteText = style({
  margin: 0,
  fontStyle: 'italic',
  quotes: '"\\201C" "\\201D"',
  selectors: { '&::before': { content: 'open-quote' }, '&::after': { content: 'close-quote' } },
});
