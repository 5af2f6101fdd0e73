import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  animation: `${fadeIn} ${vars.duration.normal} ease-out`,
});

export const content = style({
  position: 'fixed',
  zIndex: vars.zIndex.modal,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: `calc(100vw - ${vars.space['5']})`,
  maxWidth: '480px',
  maxHeight: '85vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.lg,
  animation: `${fadeIn} ${vars.duration.normal} ease-out`,
});

export const wide = style({ maxWidth: '960px' });

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const description = style({ color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
});
