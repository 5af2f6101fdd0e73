import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });
export const heading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['2'],
});
export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
