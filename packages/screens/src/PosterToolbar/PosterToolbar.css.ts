import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['2'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const group = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  paddingRight: vars.space['2'],
  borderRight: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderRight: 'none' } },
});

export const status = style({
  marginLeft: 'auto',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const fileInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
});

export const fileLabel = style({
  selectors: {
    [`&:has(${fileInput}:focus-visible)`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});
