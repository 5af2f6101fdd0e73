import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], width: '100%' });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  selectors: {
    // The required star is decoration (CSS content), so the label's accessible name stays the plain text.
    '&[data-required]::after': { content: '" *"', color: vars.color.criticalText },
  },
});

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.criticalText,
  fontWeight: vars.fontWeight.medium,
});

/** The shared look of text inputs, textareas and selects. */
export const control = recipe({
  base: {
    width: '100%',
    minHeight: '44px',
    padding: `${vars.space['2']} ${vars.space['3']}`,
    fontSize: vars.fontSize.md,
    color: vars.color.text,
    background: vars.color.surface,
    border: `1px solid ${vars.color.borderStrong}`,
    borderRadius: vars.radii.md,
    transition: `border-color ${vars.duration.fast} ease`,
    selectors: {
      '&::placeholder': { color: vars.color.textMuted },
      '&:hover:not(:disabled)': { borderColor: vars.color.text },
      '&:disabled, &[data-disabled]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
      '&[aria-invalid="true"]': { borderColor: vars.color.critical },
    },
  },
  variants: {
    multiline: {
      true: { minHeight: '120px', resize: 'vertical', lineHeight: vars.lineHeight.normal },
      false: {},
    },
  },
  defaultVariants: { multiline: false },
});
