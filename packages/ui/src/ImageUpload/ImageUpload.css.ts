import { globalStyle, style } from '@vanilla-extract/css';
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
export const picker = style({ position: 'relative', display: 'inline-flex' });
// Over the button, the size of it, and invisible: it takes the clicks and the focus.
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});
export const chooser = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
globalStyle(`${input}:focus-visible + ${chooser}`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${vars.color.focusInner}`,
});
globalStyle(`${input}:hover:not(:disabled) + ${chooser}`, { borderColor: vars.color.brand });
globalStyle(`${input}:disabled + ${chooser}`, {
  color: vars.color.textMuted,
  background: vars.color.surfaceMuted,
  borderColor: vars.color.border,
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
