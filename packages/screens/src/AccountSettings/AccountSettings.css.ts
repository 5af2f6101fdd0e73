import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: `${vars.space['5']} ${vars.space['5']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.sm,
});

export const sectionCritical = style({ borderColor: vars.color.criticalBorder });

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });

export const title = style({ fontSize: vars.fontSize.xl, color: vars.color.text });

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  maxWidth: '65ch',
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  maxWidth: '480px',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
});

export const avatarRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['5'],
  alignItems: 'flex-start',
});

export const avatar = style({
  width: '96px',
  height: '96px',
  flexShrink: 0,
  borderRadius: vars.radii.full,
  objectFit: 'cover',
  background: vars.color.brandSoft,
  color: vars.color.brand,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  border: `1px solid ${vars.color.border}`,
});

export const grow = style({ flex: '1 1 240px', minWidth: 0 });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const itemText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const itemName = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const qrRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['5'],
  alignItems: 'flex-start',
});

export const qr = style({
  width: '184px',
  height: '184px',
  padding: vars.space['2'],
  background: '#ffffff',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
});

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radii.sm,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const code = style({ maxWidth: '12rem', letterSpacing: '0.2em', fontFamily: vars.font.mono });
