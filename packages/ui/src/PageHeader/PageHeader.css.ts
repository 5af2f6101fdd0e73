import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

/** The page's h1: the largest type on the site, larger still from tablets up. */
export const pageTitle = style({
  fontSize: vars.fontSize['3xl'],
  overflowWrap: 'break-word',
  '@media': { [`screen and (min-width: ${breakpoints.tablet}px)`]: { fontSize: '3rem' } },
});

/** The lead under a page title keeps a readable line length. */
export const pageLead = style({ maxWidth: '60ch' });
