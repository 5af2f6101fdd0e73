import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';
import { breakpoints } from '../theme/tokens.ts';
import { criticalTextVar, mutedTextVar, positiveTextVar } from '../theme/tone.css.ts';

export const container = recipe({
  base: {
    width: '100%',
    marginLeft: 'auto',
    marginRight: 'auto',
    paddingLeft: vars.space['4'],
    paddingRight: vars.space['4'],
    '@media': {
      [`screen and (min-width: ${breakpoints.tablet}px)`]: {
        paddingLeft: vars.space['5'],
        paddingRight: vars.space['5'],
      },
    },
  },
  variants: {
    width: {
      narrow: { maxWidth: '480px' },
      medium: { maxWidth: '800px' },
      wide: { maxWidth: vars.contentWidth },
    },
  },
  defaultVariants: { width: 'wide' },
});

export const section = recipe({
  base: {
    paddingTop: vars.space['7'],
    paddingBottom: vars.space['7'],
    '@media': {
      [`screen and (min-width: ${breakpoints.tablet}px)`]: {
        paddingTop: vars.space['8'],
        paddingBottom: vars.space['8'],
      },
    },
  },
  variants: {
    tone: {
      plain: {
        background: 'transparent',
        color: vars.color.text,
        vars: {
          [mutedTextVar]: vars.color.textMuted,
          [positiveTextVar]: vars.color.positiveText,
          [criticalTextVar]: vars.color.criticalText,
        },
      },
      surface: {
        background: vars.color.surface,
        color: vars.color.text,
        vars: {
          [mutedTextVar]: vars.color.textMuted,
          [positiveTextVar]: vars.color.positiveText,
          [criticalTextVar]: vars.color.criticalText,
        },
      },
      muted: {
        background: vars.color.surfaceMuted,
        color: vars.color.text,
        vars: {
          [mutedTextVar]: vars.color.textMuted,
          [positiveTextVar]: vars.color.positiveText,
          [criticalTextVar]: vars.color.criticalText,
        },
      },
      inverse: {
        background: vars.color.surfaceInverse,
        color: vars.color.textInverse,
        vars: {
          [mutedTextVar]: vars.color.textInverseMuted,
          [positiveTextVar]: vars.color.positiveBorder,
          [criticalTextVar]: vars.color.criticalBorder,
        },
      },
      brand: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        vars: {
          [mutedTextVar]: vars.color.brandSoft,
          [positiveTextVar]: vars.color.onBrand,
          [criticalTextVar]: vars.color.onBrand,
        },
      },
    },
  },
  defaultVariants: { tone: 'plain' },
});

export const sectionTitle = style({
  fontSize: vars.fontSize['2xl'],
  marginBottom: vars.space['5'],
});

export const sectionIntro = style({ marginBottom: vars.space['6'] });

export type ContainerVariants = NonNullable<RecipeVariants<typeof container>>;
export type SectionVariants = NonNullable<RecipeVariants<typeof section>>;
