import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    border: '1px solid transparent',
    borderRadius: vars.radii.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: `background-color ${vars.duration.fast} ease, border-color ${vars.duration.fast} ease, color ${vars.duration.fast} ease`,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.65 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover } },
      },
      accent: {
        background: vars.color.accent,
        color: vars.color.onAccent,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.brandSoft } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
      },
      critical: {
        background: vars.color.critical,
        color: vars.color.onBrand,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.criticalText } },
      },
      inverse: {
        background: 'transparent',
        color: vars.color.textInverse,
        borderColor: vars.color.textInverseMuted,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceInverseRaised } },
      },
    },
    size: {
      small: {
        fontSize: vars.fontSize.sm,
        padding: `${vars.space['1']} ${vars.space['3']}`,
        minHeight: '32px',
      },
      standard: {
        fontSize: vars.fontSize.md,
        padding: `${vars.space['2']} ${vars.space['4']}`,
        minHeight: '44px',
      },
      large: {
        fontSize: vars.fontSize.lg,
        padding: `${vars.space['3']} ${vars.space['5']}`,
        minHeight: '52px',
      },
    },
    fullWidth: {
      // A label longer than the width it fills wraps rather than overflowing the button.
      true: { width: '100%', whiteSpace: 'normal', textAlign: 'center' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'standard', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const busyIndicator = style({
  width: '1em',
  height: '1em',
  borderRadius: vars.radii.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  flexShrink: 0,
});
