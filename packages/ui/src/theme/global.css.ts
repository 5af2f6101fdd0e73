import { globalFontFace, globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// Inter's stand-in until its files arrive: a common local sans face scaled to Inter's widths and line metrics, so
// that the text painted before the swap takes the same room as Inter's and the page does not move when it swaps.
globalFontFace('Inter fallback', {
  src: "local('Arial'), local('Liberation Sans'), local('Helvetica'), local('Arimo')",
  sizeAdjust: '107.12%',
  ascentOverride: '90.44%',
  descentOverride: '22.52%',
  lineGapOverride: '0%',
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  // Anchor jumps land below the fixed top navigation.
  scrollPaddingTop: vars.navHeight,
});

globalStyle('body', {
  margin: 0,
  minWidth: '320px',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

globalStyle('p', { margin: 0 });

globalStyle('a', { color: vars.color.brand });

globalStyle('button, input, select, textarea', { font: 'inherit' });

// One visible focus ring for everything focusable: a dark inner ring plus an amber outer ring,
// so it shows on light surfaces and on the dark navigation alike.
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${vars.color.focusInner}`,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.001ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.001ms !important',
    },
  },
});
