import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';
import { criticalTextVar, mutedTextVar, positiveTextVar } from '../theme/tone.css.ts';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space['3'],
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radii.lg,
    vars: {
      [mutedTextVar]: vars.color.textMuted,
      [positiveTextVar]: vars.color.positiveText,
      [criticalTextVar]: vars.color.criticalText,
    },
  },
  variants: {
    padding: {
      standard: { padding: vars.space['5'] },
      large: { padding: vars.space['6'] },
      none: { padding: 0 },
    },
    elevation: {
      flat: {},
      raised: { boxShadow: vars.shadow.md },
    },
  },
  defaultVariants: { padding: 'standard', elevation: 'raised' },
});

export const cardTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export type CardVariants = NonNullable<RecipeVariants<typeof card>>;
