import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  marginBottom: vars.space['3'],
});

// Initials on the brand colour: a portrait that needs no photograph and no licence.
export const avatar = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radii.full,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const credentials = style({
  listStyle: 'none',
  margin: `${vars.space['4']} 0 0`,
  padding: `${vars.space['3']} 0 0`,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

export const credentialName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
