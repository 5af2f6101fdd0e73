import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '40px',
  maxWidth: '220px',
  padding: `${vars.space['1']} ${vars.space['3']} ${vars.space['1']} ${vars.space['1']}`,
  border: `1px solid ${vars.color.textInverseMuted}`,
  borderRadius: vars.radii.full,
  background: 'transparent',
  color: vars.color.textInverse,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { background: vars.color.surfaceInverseRaised },
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '30px',
  height: '30px',
  borderRadius: vars.radii.full,
  background: vars.color.brandSoft,
  color: vars.color.brandHover,
  fontWeight: vars.fontWeight.bold,
});

export const avatarImage = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radii.full,
  objectFit: 'cover',
});

export const triggerName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: '260px',
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: vars.space['2'],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadow.lg,
});

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space['2']} ${vars.space['3']}`,
});

export const name = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const email = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: '1px',
  margin: `${vars.space['1']} 0`,
  background: vars.color.border,
});

export const groupLabel = style({
  padding: `${vars.space['2']} ${vars.space['3']} ${vars.space['1']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 'none',
  borderRadius: vars.radii.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.brandSoft, color: vars.color.brandHover },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const signOut = style({ color: vars.color.criticalText, fontWeight: vars.fontWeight.semibold });
