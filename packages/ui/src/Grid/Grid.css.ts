import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { breakpoints } from '../theme/tokens.ts';
import { gapVariants } from '../Stack/Stack.css.ts';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;
const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;
const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

const threeColumns = style({
  '@media': {
    [tablet]: { gridTemplateColumns: columns(2) },
    [desktop]: { gridTemplateColumns: columns(3) },
  },
});

// In three columns, a card left alone on the last row (ten services: 3 + 3 + 3 + 1) sits in the middle column
// rather than hanging at the left edge.
globalStyle(`${threeColumns} > :last-child:nth-child(3n + 1)`, {
  '@media': { [desktop]: { gridColumnStart: 2 } },
});

/** One column on phones, two from tablets, the chosen count from desktops. */
export const grid = recipe({
  base: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: columns(1) },
  variants: {
    columns: {
      2: { '@media': { [tablet]: { gridTemplateColumns: columns(2) } } },
      3: threeColumns,
      4: {
        '@media': {
          [tablet]: { gridTemplateColumns: columns(2) },
          [desktop]: { gridTemplateColumns: columns(4) },
        },
      },
      // Two cells, the second twice as wide (details beside a form), from desktops.
      sidebar: { '@media': { [desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)' } } },
    },
    gap: gapVariants,
    /** `start`: each cell as tall as its content, not the row's tallest. */
    align: { stretch: {}, start: { alignItems: 'start' } },
  },
  defaultVariants: { columns: 3, gap: '5', align: 'stretch' },
});

export const item = style({ display: 'flex', flexDirection: 'column' });

// A card in a cell fills it, so the cards of a row share one height.
globalStyle(`${item} > *`, { flexGrow: 1 });

export type GridVariants = NonNullable<RecipeVariants<typeof grid>>;
