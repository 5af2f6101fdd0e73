import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const transcript = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minHeight: '16rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
});

export const message = style({
  maxWidth: '85%',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radii.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const fromVisitor = style({
  alignSelf: 'flex-end',
  background: vars.color.brand,
  color: vars.color.onBrand,
});

export const fromAssistant = style({
  alignSelf: 'flex-start',
  background: vars.color.surfaceMuted,
  color: vars.color.text,
});

export const speaker = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const notice = style({
  fontSize: vars.fontSize.sm,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderLeft: `3px solid ${vars.color.focus}`,
  background: vars.color.surface,
});

export const links = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  whiteSpace: 'normal',
});

export const link = style({ fontWeight: vars.fontWeight.semibold, textUnderlineOffset: '3px' });

export const typing = style({ color: vars.color.textMuted, fontStyle: 'italic' });

export const composer = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'] });

export const composerRow = style({ display: 'flex', justifyContent: 'flex-end' });

export const counterOver = style({ color: vars.color.criticalText, fontWeight: vars.fontWeight.semibold });

export const suggestions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
});

/** Read by screen readers, not shown. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
