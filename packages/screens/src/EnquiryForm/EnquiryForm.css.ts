import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

// Off-screen for people, present for form-filling bots (not display:none, which many bots skip).
export const honeypot = style({
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
});
export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const legend = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space['2'],
  padding: 0,
});
export const two = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
});
export const choices = style({
  display: 'grid',
  gap: vars.space['2'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))',
});
export const error = style({
  color: vars.color.critical,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space['1'],
});
export const receipt = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.05em',
});
