import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { criticalText, mutedText, positiveText } from '../theme/tone.css.ts';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  minHeight: '2rem',
});

export const dot = style({ width: '0.5rem', height: '0.5rem', borderRadius: vars.radii.full, flexShrink: 0 });

export const tone = styleVariants({
  // The band's own tones: readable on the light page and on the dark editor header alike.
  saved: { color: positiveText },
  saving: { color: mutedText },
  error: { color: criticalText },
});

export const dotTone = styleVariants({
  saved: { background: vars.color.positive },
  saving: { background: mutedText },
  error: { background: vars.color.critical },
});

export const retry = style({
  font: 'inherit',
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontWeight: vars.fontWeight.semibold,
});
