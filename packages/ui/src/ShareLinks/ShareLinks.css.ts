import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const share = style({
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

// Always in the page (a live region announces only changes it was there for), taking no room while empty.
export const status = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  selectors: { '&:not(:empty)': { marginTop: vars.space['3'] } },
});
