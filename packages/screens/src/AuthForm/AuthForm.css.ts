import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const card = style({
  width: '100%',
  maxWidth: '440px',
  marginLeft: 'auto',
  marginRight: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  padding: `${vars.space['6']} ${vars.space['5']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.md,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  textAlign: 'center',
});

export const title = style({ fontSize: vars.fontSize['2xl'], color: vars.color.text });

export const subtitle = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, height: '1px', background: vars.color.border },
  },
});

export const legal = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, textAlign: 'center' });

export const switches = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const linkButton = style({
  padding: `${vars.space['1']} ${vars.space['1']}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.brand,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { color: vars.color.brandHover },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});
