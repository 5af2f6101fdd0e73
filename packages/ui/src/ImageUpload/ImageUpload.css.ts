import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const drop = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  padding: vars.space['4'],
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surfaceMuted,
});
export const label = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
export const input = style({
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  maxWidth: '100%',
});
export const progress = style({ width: '100%', height: '0.75rem', accentColor: vars.color.brand });
export const preview = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const thumb = style({
  width: '10rem',
  height: 'auto',
  aspectRatio: '16 / 10',
  objectFit: 'cover',
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
