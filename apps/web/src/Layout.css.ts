import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

// The top navigation is fixed: the main area starts below it and fills the window above the footer.
export const main = style({
  paddingTop: vars.navHeight,
  minHeight: `calc(100vh - ${vars.navHeight})`,
  display: 'flex',
  flexDirection: 'column',
});

// On a short page the last section stretches down to the footer, so its background does not stop midway.
globalStyle(`${main} > :last-child`, { flexGrow: 1 });
