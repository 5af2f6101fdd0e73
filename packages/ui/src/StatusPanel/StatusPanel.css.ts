import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const screen = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '60vh',
  padding: `${vars.space['7']} ${vars.space['4']}`,
});

export const panel = style({
  width: '100%',
  maxWidth: '520px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['4'],
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.md,
  padding: `${vars.space['6']} ${vars.space['5']}`,
});

export const wide = style({ maxWidth: '560px' });

export const icon = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    borderRadius: vars.radii.full,
    fontSize: vars.fontSize['2xl'],
    fontWeight: vars.fontWeight.bold,
  },
  variants: {
    tone: {
      brand: { background: vars.color.brandSoft, color: vars.color.brand },
      critical: { background: vars.color.criticalSoft, color: vars.color.criticalText },
      positive: { background: vars.color.positiveSoft, color: vars.color.positiveText },
      neutral: { background: vars.color.surfaceMuted, color: vars.color.textMuted },
    },
  },
  defaultVariants: { tone: 'brand' },
});

export const title = style({ fontSize: vars.fontSize['2xl'], color: vars.color.text });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
});
