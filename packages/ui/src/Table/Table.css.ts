import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';

export const scroller = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const cell = recipe({
  base: {
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderTop: `1px solid ${vars.color.border}`,
    verticalAlign: 'top',
    color: vars.color.text,
  },
  variants: {
    align: { left: { textAlign: 'left' }, right: { textAlign: 'right' }, center: { textAlign: 'center' } },
    head: {
      true: {
        background: vars.color.surfaceMuted,
        color: vars.color.textMuted,
        fontSize: vars.fontSize.xs,
        fontWeight: vars.fontWeight.bold,
        letterSpacing: '0.06em',
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      },
      false: {},
    },
  },
  defaultVariants: { align: 'left', head: false },
});

export const row = style({ selectors: { '&:hover': { background: vars.color.background } } });

export const empty = style({ padding: vars.space['5'], textAlign: 'center', color: vars.color.textMuted });

// Phones: with `cardsOnPhones`, each row is a card and each cell is labelled with its column's header.
const phone = `screen and (max-width: ${breakpoints.tablet - 1}px)`;
export const cards = style({});
globalStyle(`${cards} table, ${cards} tbody, ${cards} tr, ${cards} td`, {
  '@media': { [phone]: { display: 'block', width: '100%' } },
});
globalStyle(`${cards} thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${cards} tbody tr`, {
  '@media': {
    [phone]: { borderTop: `1px solid ${vars.color.border}`, padding: `${vars.space['2']} 0` },
  },
});
globalStyle(`${cards} td`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 7rem) minmax(0, 1fr)',
      gap: vars.space['3'],
      borderTop: 0,
      padding: `${vars.space['1']} ${vars.space['4']}`,
      textAlign: 'left',
      overflowWrap: 'anywhere',
    },
  },
});
globalStyle(`${cards} td::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.bold,
      letterSpacing: '0.06em',
      textTransform: 'uppercase',
    },
  },
});
globalStyle(`${cards} td:not([data-label])`, { '@media': { [phone]: { display: 'block' } } });
