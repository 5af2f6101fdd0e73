import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const row = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['3'] });

export const box = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '22px',
  height: '22px',
  marginTop: '1px',
  padding: 0,
  border: `2px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.sm,
  background: vars.color.surface,
  color: vars.color.onBrand,
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.brand, borderColor: vars.color.brand },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical },
  },
});

export const indicator = style({
  selectors: { '&[data-state="unchecked"]': { display: 'none' } },
});

export const tick = style({ width: '14px', height: '14px' });

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const label = style({ fontSize: vars.fontSize.md, color: vars.color.text, cursor: 'pointer' });
