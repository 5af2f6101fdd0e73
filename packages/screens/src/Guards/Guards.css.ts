import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const checking = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  minHeight: '50vh',
  padding: vars.space['6'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['5'],
  padding: `${vars.space['7']} ${vars.space['4']}`,
});

export const intro = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  maxWidth: '520px',
  textAlign: 'center',
});

export const title = style({ fontSize: vars.fontSize['3xl'], color: vars.color.text });

export const lead = style({ color: vars.color.textMuted });

export const email = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});
