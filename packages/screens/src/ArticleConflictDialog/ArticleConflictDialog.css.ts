import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

/** The two versions compared: scrolls on its own, so that the choices stay in view. */
export const comparison = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  maxHeight: '40vh',
  overflowY: 'auto',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  minWidth: 0,
});
export const legend = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
