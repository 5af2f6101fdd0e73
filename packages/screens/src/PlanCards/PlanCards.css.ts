import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars, breakpoints } from '@pentland/ui';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: {
      gridAutoFlow: 'column',
      gridAutoColumns: 'minmax(0, 1fr)',
    },
  },
});

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space['3'],
    padding: vars.space['5'],
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radii.lg,
    color: vars.color.text,
  },
  variants: {
    featured: {
      true: { borderColor: vars.color.brand, boxShadow: vars.shadow.md },
      false: {},
    },
  },
  defaultVariants: { featured: false },
});

export const name = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  fontSize: vars.fontSize.lg,
});

export const price = style({ margin: 0, fontSize: vars.fontSize['2xl'], fontWeight: vars.fontWeight.bold });

export const per = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const note = style({ margin: 0, color: vars.color.positiveText, fontWeight: vars.fontWeight.bold });

export const features = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
});

export const action = style({ marginTop: 'auto', paddingTop: vars.space['2'] });

export const checking = style({ margin: `0 0 ${vars.space['4']}`, color: vars.color.textMuted });
