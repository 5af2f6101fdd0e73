import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { mutedText } from '../theme/tone.css.ts';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  padding: vars.space['5'],
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radii.lg,
  color: mutedText,
});
