import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';
import { mutedText } from '../theme/tone.css.ts';

export const text = recipe({
  base: { margin: 0 },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
      lg: { fontSize: vars.fontSize.lg },
      xl: { fontSize: vars.fontSize.xl },
    },
    tone: {
      inherit: {},
      muted: { color: mutedText },
      accent: { color: vars.color.accent },
      critical: { color: vars.color.criticalText },
      positive: { color: vars.color.positiveText },
    },
    weight: {
      regular: { fontWeight: vars.fontWeight.regular },
      medium: { fontWeight: vars.fontWeight.medium },
      semibold: { fontWeight: vars.fontWeight.semibold },
      bold: { fontWeight: vars.fontWeight.bold },
    },
  },
  defaultVariants: { size: 'md', tone: 'inherit' },
});

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  margin: 0,
});

export type TextVariants = NonNullable<RecipeVariants<typeof text>>;
