import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const alert = recipe({
  base: {
    display: 'flex',
    gap: vars.space['3'],
    alignItems: 'flex-start',
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderRadius: vars.radii.md,
    border: '1px solid',
    borderLeftWidth: '4px',
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
  },
  variants: {
    tone: {
      success: {
        background: vars.color.positiveSoft,
        borderColor: vars.color.positiveBorder,
        borderLeftColor: vars.color.positive,
        color: vars.color.positiveText,
      },
      error: {
        background: vars.color.criticalSoft,
        borderColor: vars.color.criticalBorder,
        borderLeftColor: vars.color.critical,
        color: vars.color.criticalText,
      },
      info: {
        background: vars.color.brandSoft,
        borderColor: vars.color.brandSoft,
        borderLeftColor: vars.color.brand,
        color: vars.color.brandHover,
      },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const icon = style({ flexShrink: 0, width: '20px', height: '20px', marginTop: '1px' });

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const title = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md });

export type AlertVariants = NonNullable<RecipeVariants<typeof alert>>;
