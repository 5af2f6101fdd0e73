import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const choices = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** One choice: the whole card is its label, so a tap anywhere on it chooses. */
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  minHeight: '44px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.md,
  background: vars.color.surface,
  cursor: 'pointer',
  transition: `border-color ${vars.duration.fast} ease`,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&:has(input:disabled)': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
    '[aria-invalid="true"] &': { borderColor: vars.color.critical },
  },
});

export const radio = style({
  appearance: 'none',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  margin: '1px 0 0',
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.full,
  background: vars.color.surface,
  cursor: 'inherit',
  selectors: {
    // The chosen one: a brand ring round a brand dot.
    '&:checked': {
      borderColor: vars.color.brand,
      background: `radial-gradient(circle, ${vars.color.brand} 0 5px, ${vars.color.surface} 6px)`,
    },
    '[aria-invalid="true"] &': { borderColor: vars.color.critical },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], minWidth: 0 });

export const label = style({ fontSize: vars.fontSize.md, color: vars.color.text, overflowWrap: 'anywhere' });

export const optionHint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const empty = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: 0 });
