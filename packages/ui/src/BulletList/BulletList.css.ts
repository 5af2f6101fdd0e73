import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const list = recipe({
  base: { margin: 0, display: 'grid', gap: vars.space['2'] },
  variants: {
    marker: {
      bullet: { paddingLeft: vars.space['5'] },
      tick: { listStyle: 'none', paddingLeft: 0 },
    },
  },
  defaultVariants: { marker: 'bullet' },
});

export const tickItem = style({ position: 'relative', paddingLeft: vars.space['6'] });

// A tick drawn with two borders, in the accent colour: no icon font, no image request.
globalStyle(`${tickItem}::before`, {
  content: '""',
  position: 'absolute',
  left: '4px',
  top: '0.2em',
  width: '0.45em',
  height: '0.85em',
  borderRight: `3px solid ${vars.color.accent}`,
  borderBottom: `3px solid ${vars.color.accent}`,
  transform: 'rotate(45deg)',
});

export type BulletListVariants = NonNullable<RecipeVariants<typeof list>>;
