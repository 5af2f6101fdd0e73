import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

// The top navigation is fixed: the main area starts below it and fills the window above the footer.
export const main = style({
  paddingTop: vars.navHeight,
  minHeight: `calc(100vh - ${vars.navHeight})`,
  display: 'flex',
  flexDirection: 'column',
  // Focused by the skip link (tabindex -1): no ring around the whole page.
  selectors: { '&:focus': { outline: 'none', boxShadow: 'none' } },
});

// On a short page the last section stretches down to the footer, so its background does not stop midway.
globalStyle(`${main} > :last-child`, { flexGrow: 1 });

// While a click waits for the app to start (src/lib/holdInput.ts marks <html>), the page shows it is working: a
// progress cursor and a thin bar sweeping along the top edge (static with reduced motion).
const sweep = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(100%)' },
});
globalStyle('html[data-input-held]', { cursor: 'progress' });
globalStyle('html[data-input-held] body::before', {
  content: '""',
  position: 'fixed',
  top: 0,
  left: 0,
  width: '100%',
  height: '3px',
  zIndex: 1000,
  background: vars.color.focus,
  animation: `${sweep} 0.9s ease-in-out infinite`,
  pointerEvents: 'none',
});
