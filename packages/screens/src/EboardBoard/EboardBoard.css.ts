import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

/**
 * The board's area in every state (loading, empty, error, the cards): at least the height of a card with a picture on
 * a phone, so that the page below it stays where it was painted while the entries load.
 */
export const board = style({ minHeight: '26rem', alignContent: 'start' });
export const list = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const image = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radii.md,
  display: 'block',
});
export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const screen = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  background: vars.color.brand,
  color: vars.color.onBrand,
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  padding: 'clamp(1rem, 4vw, 4rem)',
  gap: vars.space['5'],
});
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
});
/** The offline note: plain to read from across a room, empty (and invisible) while the board is live. */
export const offline = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    '&:not(:empty)': {
      background: vars.color.accent,
      color: vars.color.onAccent,
      padding: `${vars.space['1']} ${vars.space['3']}`,
      borderRadius: vars.radii.full,
    },
  },
});
export const slide = style({
  display: 'grid',
  gap: vars.space['6'],
  alignContent: 'center',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
});
export const slideText = style({ display: 'grid', gap: vars.space['4'], alignContent: 'center' });
export const slideTitle = style({ fontSize: 'clamp(2rem, 5vw, 4.5rem)', lineHeight: 1.1, margin: 0 });
export const slideBody = style({
  fontSize: 'clamp(1.2rem, 2.4vw, 2.2rem)',
  margin: 0,
  whiteSpace: 'pre-wrap',
});
export const slideImage = style({
  width: '100%',
  maxHeight: '60vh',
  objectFit: 'contain',
  borderRadius: vars.radii.lg,
});
export const footer = style({
  display: 'flex',
  // On a narrow screen the status goes to the next line rather than past the edge.
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['4'],
  fontSize: vars.fontSize.lg,
});
const fill = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } });
export const timer = style({
  height: 8,
  background: 'rgba(255,255,255,0.25)',
  borderRadius: vars.radii.full,
  overflow: 'hidden',
  flex: 1,
});
export const timerFill = style({
  height: '100%',
  background: vars.color.accent,
  transformOrigin: 'left',
  animationName: fill,
  animationTimingFunction: 'linear',
  animationFillMode: 'forwards',
});

/** The QR code: large enough to scan from a couple of metres on a wall screen. */
export const qrBox = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], lineHeight: 1.2 });
/** The code's side in modules, quiet zone included (set on the element by the component). */
export const qrModules = '--eboard-qr-modules';
/**
 * About 12 % of the screen's shorter side, but always a whole number of pixels per module (at least 2): a module
 * that falls across pixel edges is drawn 2 px here and 3 px there, and such a code may not scan (a 45-module code at
 * 96 px did not).
 */
const qrSide = `calc(max(2px, round(down, clamp(5rem, 12vmin, 10rem) / var(${qrModules}), 1px)) * var(${qrModules}))`;
export const qr = style({
  width: qrSide,
  height: qrSide,
  flex: 'none',
  borderRadius: vars.radii.md,
});
