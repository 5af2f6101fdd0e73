import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const wrapper = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ paddingRight: '84px' });

export const toggle = style({
  position: 'absolute',
  right: vars.space['1'],
  minHeight: '36px',
  minWidth: '72px',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radii.sm,
  background: 'transparent',
  color: vars.color.brand,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.brandSoft },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
