import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const calendar = style({
  display: 'grid',
  gap: vars.space['3'],
  minWidth: 0,
  maxWidth: '28rem',
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const month = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const grid = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: '2px',
  tableLayout: 'fixed',
});

export const weekday = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space['1']} 0`,
});

export const day = style({
  width: '100%',
  minHeight: '40px',
  aspectRatio: '1',
  maxHeight: '52px',
  border: '1px solid transparent',
  borderRadius: vars.radii.md,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'not-allowed',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const free = style({
  background: vars.color.brandSoft,
  color: vars.color.brandHover,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.brand } },
});

export const chosen = style({
  background: vars.color.brand,
  color: vars.color.onBrand,
  selectors: { '&:hover': { background: vars.color.brandHover } },
});

export const times = style({ display: 'grid', gap: vars.space['2'], minHeight: '3rem' });

export const timesHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const slots = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

export const note = style({ margin: 0, color: vars.color.textMuted });

export const error = style({ margin: 0, color: vars.color.criticalText });
