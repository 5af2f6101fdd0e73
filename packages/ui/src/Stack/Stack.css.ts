import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

const gaps = ['1', '2', '3', '4', '5', '6', '7'] as const;
type Gap = (typeof gaps)[number];

/** One variant per spacing step, from the theme's space scale. */
export const gapVariants = Object.fromEntries(gaps.map((g) => [g, { gap: vars.space[g] }])) as Record<
  Gap,
  { gap: string }
>;

const listReset = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const stack = recipe({
  base: [listReset, { display: 'flex', flexDirection: 'column' }],
  variants: {
    gap: gapVariants,
    align: {
      stretch: { alignItems: 'stretch' },
      start: { alignItems: 'flex-start' },
      center: { alignItems: 'center' },
    },
  },
  defaultVariants: { gap: '4', align: 'stretch' },
});

export const inline = recipe({
  base: [listReset, { display: 'flex', flexWrap: 'wrap' }],
  variants: {
    gap: gapVariants,
    align: {
      start: { alignItems: 'flex-start' },
      center: { alignItems: 'center' },
      baseline: { alignItems: 'baseline' },
    },
    justify: {
      start: { justifyContent: 'flex-start' },
      center: { justifyContent: 'center' },
      between: { justifyContent: 'space-between' },
    },
  },
  defaultVariants: { gap: '3', align: 'center', justify: 'start' },
});

export type StackVariants = NonNullable<RecipeVariants<typeof stack>>;
export type InlineVariants = NonNullable<RecipeVariants<typeof inline>>;
