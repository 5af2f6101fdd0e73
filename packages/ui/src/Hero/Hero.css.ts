import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

/** Text beside the picture on wide screens, above it on narrow ones. */
export const hero = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'center',
  '@media': { [`screen and (min-width: ${breakpoints.desktop}px)`]: { gridTemplateColumns: '1.1fr 1fr' } },
});

export const media = style({ margin: 0 });

globalStyle(`${media} img`, {
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.lg,
});
