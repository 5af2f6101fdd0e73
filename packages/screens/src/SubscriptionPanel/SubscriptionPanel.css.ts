import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  margin: 0,
  fontSize: vars.fontSize.xl,
});

export const detail = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});
