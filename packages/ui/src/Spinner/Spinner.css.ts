import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = recipe({
  base: {
    display: 'inline-block',
    borderRadius: vars.radii.full,
    borderStyle: 'solid',
    borderColor: vars.color.brandSoft,
    borderTopColor: vars.color.brand,
    animation: `${spin} 0.9s linear infinite`,
    '@media': {
      // Without motion the ring still reads as "busy": a static, fully drawn brand ring.
      '(prefers-reduced-motion: reduce)': { animation: 'none', borderColor: vars.color.brand },
    },
  },
  variants: {
    size: {
      small: { width: '16px', height: '16px', borderWidth: '2px' },
      standard: { width: '32px', height: '32px', borderWidth: '3px' },
      large: { width: '48px', height: '48px', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'standard' },
});

export const wrapper = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.color.textMuted,
});

export const page = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '50vh',
  padding: vars.space['7'],
});
