import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';
import { mutedText } from '../theme/tone.css.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['5'],
  counterReset: 'step',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [`screen and (min-width: ${breakpoints.desktop}px)`]: {
      gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    },
  },
});

export const step = style({
  counterIncrement: 'step',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  selectors: {
    // The number is drawn from the list's counter; the list itself is an ordered list for screen readers.
    '&::before': {
      content: 'counter(step)',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '2.5rem',
      height: '2.5rem',
      borderRadius: vars.radii.full,
      background: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: vars.fontWeight.bold,
      marginBottom: vars.space['2'],
    },
  },
});

export const title = style({ fontSize: vars.fontSize.lg });

export const text = style({ color: mutedText });
