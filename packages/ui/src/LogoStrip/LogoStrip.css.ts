import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { mutedText } from '../theme/tone.css.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['4'],
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['2']} ${vars.space['4']} ${vars.space['2']} ${vars.space['2']}`,
  borderRadius: vars.radii.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});

/** A typographic mark: the initials in a tile, never a third party's logo. */
export const mark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.75rem',
  height: '2.75rem',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radii.full,
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.02em',
});

export const name = style({ fontWeight: vars.fontWeight.semibold });

export const caption = style({ color: mutedText, fontSize: vars.fontSize.sm });
