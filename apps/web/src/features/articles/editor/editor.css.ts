import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '@pentland/ui';

/** The text beside its settings from 1024 px; stacked (the text first) below. */
export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${breakpoints.desktop}px)`]: { gridTemplateColumns: 'minmax(0, 1fr) 22rem' },
  },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'], minWidth: 0 });
export const settings = style([
  column,
  {
    padding: vars.space['5'],
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radii.lg,
    background: vars.color.surface,
  },
]);
export const settingsHeading = style({ margin: 0, fontSize: vars.fontSize.lg });
