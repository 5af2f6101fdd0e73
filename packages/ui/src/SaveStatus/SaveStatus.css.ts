import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  minHeight: '2rem',
});

export const dot = style({ width: '0.5rem', height: '0.5rem', borderRadius: vars.radii.full, flexShrink: 0 });

export const tone = styleVariants({
  saved: { color: vars.color.positiveText },
  saving: { color: vars.color.textMuted },
  error: { color: vars.color.criticalText },
});

export const dotTone = styleVariants({
  saved: { background: vars.color.positive },
  saving: { background: vars.color.textMuted },
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
