import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: vars.radii.full,
    padding: `1px ${vars.space['2']}`,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    letterSpacing: '0.04em',
    lineHeight: vars.lineHeight.normal,
    textTransform: 'uppercase',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      new: { background: vars.color.accent, color: vars.color.onAccent },
      brand: { background: vars.color.brand, color: vars.color.onBrand },
      neutral: { background: vars.color.surfaceMuted, color: vars.color.text },
      critical: { background: vars.color.critical, color: vars.color.onBrand },
      positive: { background: vars.color.positiveSoft, color: vars.color.positiveText },
    },
  },
  defaultVariants: { tone: 'new' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;
