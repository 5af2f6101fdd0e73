import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const wrapper = style({ position: 'relative', width: '100%' });

export const select = style({
  appearance: 'none',
  display: 'block',
  // Room for the chevron, which is drawn over the field's right end.
  paddingRight: `calc(${vars.space['3']} + 16px + ${vars.space['2']})`,
  textOverflow: 'ellipsis',
  cursor: 'pointer',
  selectors: {
    // The placeholder (the hidden empty choice) shows muted, as the text fields' placeholders do.
    '&:has(option[value=""]:checked)': { color: vars.color.textMuted },
  },
});

export const chevron = style({
  position: 'absolute',
  right: vars.space['3'],
  top: '50%',
  width: '16px',
  height: '16px',
  transform: 'translateY(-50%)',
  pointerEvents: 'none',
  color: vars.color.text,
});
