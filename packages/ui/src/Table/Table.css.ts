import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const scroller = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const cell = recipe({
  base: {
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderTop: `1px solid ${vars.color.border}`,
    verticalAlign: 'top',
    color: vars.color.text,
  },
  variants: {
    align: { left: { textAlign: 'left' }, right: { textAlign: 'right' }, center: { textAlign: 'center' } },
    head: {
      true: {
        background: vars.color.surfaceMuted,
        color: vars.color.textMuted,
        fontSize: vars.fontSize.xs,
        fontWeight: vars.fontWeight.bold,
        letterSpacing: '0.06em',
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      },
      false: {},
    },
  },
  defaultVariants: { align: 'left', head: false },
});

export const row = style({ selectors: { '&:hover': { background: vars.color.background } } });

export const empty = style({ padding: vars.space['5'], textAlign: 'center', color: vars.color.textMuted });
