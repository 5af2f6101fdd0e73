import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { breakpoints } from '../theme/tokens';
import { gapVariants } from '../Stack/Stack.css';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;
const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;
const columns = (n: number) => `repeat(${n}, minmax(0, 1fr))`;

/** One column on phones, two from tablets, the chosen count from desktops. */
export const grid = recipe({
  base: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: columns(1) },
  variants: {
    columns: {
      2: { '@media': { [tablet]: { gridTemplateColumns: columns(2) } } },
      3: {
        '@media': {
          [tablet]: { gridTemplateColumns: columns(2) },
          [desktop]: { gridTemplateColumns: columns(3) },
        },
      },
      4: {
        '@media': {
          [tablet]: { gridTemplateColumns: columns(2) },
          [desktop]: { gridTemplateColumns: columns(4) },
        },
      },
    },
    gap: gapVariants,
  },
  defaultVariants: { columns: 3, gap: '5' },
});

export const item = style({ display: 'flex', flexDirection: 'column' });

// A card in a cell fills it, so the cards of a row share one height.
globalStyle(`${item} > *`, { flexGrow: 1 });

export type GridVariants = NonNullable<RecipeVariants<typeof grid>>;
