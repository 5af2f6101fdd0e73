import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const shellMain = style({
  paddingTop: `calc(${vars.navHeight} + ${vars.space['5']})`,
  paddingLeft: vars.space['4'],
  paddingRight: vars.space['4'],
  paddingBottom: vars.space['5'],
});
