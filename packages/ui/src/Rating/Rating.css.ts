import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { mutedText } from '../theme/tone.css.ts';

export const stars = style({
  display: 'inline-flex',
  gap: '2px',
  color: vars.color.focus,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  letterSpacing: 0,
});

// An empty star keeps its place in the row but shows as an outline in the surrounding muted colour.
export const emptyStar = style({ color: mutedText, opacity: 0.5 });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  margin: 0,
});

export const score = style({
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});
