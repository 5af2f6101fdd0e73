import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '@pentland/ui';

export const statusBadge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    borderRadius: vars.radii.full,
    padding: `2px ${vars.space['2']}`,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    whiteSpace: 'nowrap',
    border: '1px solid transparent',
  },
  variants: {
    tone: {
      new: { background: vars.color.accent, color: vars.color.onAccent },
      progress: {
        background: vars.color.surfaceMuted,
        color: vars.color.text,
        borderColor: vars.color.border,
      },
      scheduled: { background: vars.color.brand, color: vars.color.onBrand },
      done: { background: vars.color.positiveSoft, color: vars.color.positiveText },
      stopped: {
        background: vars.color.surface,
        color: vars.color.textMuted,
        borderColor: vars.color.border,
      },
      refused: { background: vars.color.critical, color: vars.color.onBrand },
    },
  },
  defaultVariants: { tone: 'progress' },
});

export type StatusTone = NonNullable<NonNullable<RecipeVariants<typeof statusBadge>>['tone']>;
