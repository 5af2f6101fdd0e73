import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

export const header = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: vars.zIndex.nav,
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  boxShadow: vars.shadow.md,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  height: vars.navHeight,
  maxWidth: vars.contentWidth,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
});

export const brandLink = style({
  display: 'inline-flex',
  minWidth: 0,
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textInverse,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderRadius: vars.radii.sm,
});

// On a narrow bar with a long user name the brand name gives way (ellipsis) rather than pushing the menu button off.
export const brandText = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const brandMark = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radii.md,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.sm,
});

export const desktopLinks = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [desktop]: { display: 'flex' } },
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radii.md,
  color: vars.color.textInverseMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.textInverse, background: vars.color.surfaceInverseRaised },
    '&[aria-current="page"]': { color: vars.color.textInverse, background: vars.color.surfaceInverseRaised },
  },
});

export const actions = style({
  display: 'flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space['2'],
});

export const desktopOnly = style({
  display: 'none',
  '@media': { [desktop]: { display: 'inline-flex' } },
});

export const menuToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  padding: 0,
  border: `1px solid ${vars.color.textInverseMuted}`,
  borderRadius: vars.radii.md,
  background: 'transparent',
  color: vars.color.textInverse,
  cursor: 'pointer',
  '@media': { [desktop]: { display: 'none' } },
});

export const menuIcon = style({ width: '22px', height: '22px' });
export const iconClosed = style({});
export const iconOpen = style({ display: 'none' });

// A popover in the top layer: placed under the fixed bar by hand (the browser would centre it), with the browser's
// popover frame (border, padding, colours, margin) replaced by the panel's own.
export const mobilePanel = style({
  position: 'fixed',
  inset: `${vars.navHeight} 0 auto 0`,
  width: 'auto',
  height: 'auto',
  margin: 0,
  border: 'none',
  color: vars.color.textInverse,
  maxHeight: '70vh',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.surfaceInverse,
  borderTop: `1px solid ${vars.color.surfaceInverseRaised}`,
  boxShadow: vars.shadow.lg,
  padding: `${vars.space['3']} ${vars.space['4']} ${vars.space['5']}`,
  '@media': { [desktop]: { display: 'none' } },
  // Without the Popover API the panel would be an ordinary element, always shown: keep it hidden there instead.
  '@supports': { 'not selector(:popover-open)': { display: 'none' } },
});

export const group = style({
  paddingTop: vars.space['3'],
  paddingBottom: vars.space['3'],
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.surfaceInverseRaised}` } },
});

export const groupTitle = style({
  margin: `0 0 ${vars.space['2']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.textInverseMuted,
});

export const groupList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const mobileLink = style([
  navLink,
  {
    display: 'flex',
    width: '100%',
    minHeight: '44px',
    color: vars.color.textInverse,
    fontSize: vars.fontSize.md,
    background: 'transparent',
    border: 'none',
    cursor: 'pointer',
    textAlign: 'left',
  },
]);

// The toggle's icon follows the menu itself (a popover), whether or not the page has hydrated.
globalStyle(`${header}:has([data-mobile-menu]:popover-open) ${iconClosed}`, { display: 'none' });
globalStyle(`${header}:has([data-mobile-menu]:popover-open) ${iconOpen}`, { display: 'inline' });
