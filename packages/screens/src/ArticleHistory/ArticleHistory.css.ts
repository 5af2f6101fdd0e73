import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const layout = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(18rem, 2fr) minmax(0, 3fr)' },
  },
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: `${vars.space['3']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  minWidth: 0,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });
export const fieldHeading = style({ margin: 0, fontSize: vars.fontSize.md });
export const diffText = style({ margin: 0, lineHeight: vars.lineHeight.normal, overflowWrap: 'anywhere' });
export const added = style({
  background: vars.color.positiveSoft,
  color: vars.color.positiveText,
  textDecoration: 'underline',
  textDecorationThickness: '1px',
});
export const removed = style({
  background: vars.color.criticalSoft,
  color: vars.color.criticalText,
  textDecoration: 'line-through',
});
export const muted = style({ margin: 0, color: vars.color.textMuted });
