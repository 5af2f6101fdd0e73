import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

// Off-screen until focused (not display:none, so Tab reaches it first); on focus it shows above the fixed bar.
export const skipLink = style({
  position: 'fixed',
  top: vars.space['2'],
  left: vars.space['2'],
  zIndex: vars.zIndex.modal,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  transform: 'translateY(calc(-100% - 1rem))',
  selectors: {
    '&:not(:focus)': {
      clipPath: 'inset(50%)',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      padding: 0,
    },
    '&:focus': { transform: 'none' },
  },
});
