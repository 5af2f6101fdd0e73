import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  '@media': { [`screen and (min-width: 1024px)`]: { gridTemplateColumns: 'minmax(18rem, 2fr) 3fr' } },
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
export const output = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minHeight: '16rem',
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
});
export const outputHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  flexWrap: 'wrap',
});
export const outputTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const placeholder = style({ color: vars.color.textMuted, margin: 0 });
export const draft = style({});
export const actions = style({ display: 'flex', gap: vars.space['3'], flexWrap: 'wrap' });

// The findings sit inside the alert's paragraph, so they are spans laid out as lines.
export const checks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  marginTop: vars.space['2'],
});

export const check = style({ display: 'block' });
