import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const pages = style({
  display: 'flex',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flexWrap: 'wrap',
});
export const summary = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const page = style({
  minWidth: '2.5rem',
  minHeight: '2.5rem',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.brand,
      color: vars.color.onBrand,
      borderColor: vars.color.brand,
    },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});
export const gap = style({
  alignSelf: 'center',
  padding: `0 ${vars.space['1']}`,
  color: vars.color.textMuted,
});
