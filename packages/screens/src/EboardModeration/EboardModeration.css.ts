import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const entryText = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: '12rem',
  maxWidth: '28rem',
});
export const entryTitle = style({ fontWeight: vars.fontWeight.bold });
export const entryMessage = style({
  color: vars.color.textMuted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** The list's thumbnail: large enough to tell what the picture shows, a button that opens it larger. */
export const thumbButton = style({
  display: 'block',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radii.md,
  background: vars.color.surfaceMuted,
  cursor: 'zoom-in',
  overflow: 'hidden',
  width: '8rem',
});
export const thumb = style({ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' });

/** The picture at full width (the editor) or as large as the dialog allows; never cropped. */
export const full = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: '70vh',
  objectFit: 'contain',
  borderRadius: vars.radii.md,
  background: vars.color.surfaceMuted,
});
export const noPicture = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
