import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  // Lands a table-of-contents jump a little below the fixed navigation.
  scrollMarginTop: vars.space['4'],
  maxWidth: '70ch',
  overflowWrap: 'anywhere',
});

export const heading = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight });

// Two newspaper columns on wider screens, so the numbers run down the first column and on into the second.
export const toc = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { columnCount: 2, columnGap: vars.space['7'] },
  },
});

export const tocItem = style({ breakInside: 'avoid' });

export const tocLink = style({
  display: 'inline-block',
  paddingTop: vars.space['1'],
  paddingBottom: vars.space['1'],
  textUnderlineOffset: '3px',
});
