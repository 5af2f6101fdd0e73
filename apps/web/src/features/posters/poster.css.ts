import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space['3'],
  maxWidth: 640,
});
export const workspace = style({
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) 340px' } },
});
export const stageBox = style({
  overflow: 'auto',
  // A scrollbar that comes and goes would change the width the page is fitted to, and so the zoom, in a loop.
  scrollbarGutter: 'stable',
  padding: vars.space['2'],
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  maxHeight: '85vh',
});
export const panels = style({ display: 'flex', flexDirection: 'column', gap: vars.space['5'] });
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});
export const rowTitle = style({ flex: 1, minWidth: 160, fontWeight: vars.fontWeight.semibold });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/** The analytics' date range in the controls row: its two fields side by side, the row wrapping below it. */
export const dateRange = style({ flex: '0 1 22rem' });
