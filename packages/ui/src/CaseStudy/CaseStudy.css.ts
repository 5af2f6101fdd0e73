import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const parts = style({ margin: 0, display: 'grid', gap: vars.space['3'] });

export const term = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: vars.color.accent,
});

export const definition = style({ margin: 0 });
