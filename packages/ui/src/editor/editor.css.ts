import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const frame = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radii.lg,
  background: vars.color.surface,
  selectors: { '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  padding: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  borderTopLeftRadius: vars.radii.lg,
  borderTopRightRadius: vars.radii.lg,
});
export const separator = style({
  width: '1px',
  alignSelf: 'stretch',
  background: vars.color.border,
  margin: `0 ${vars.space['1']}`,
});
export const tool = style({
  minWidth: '2.25rem',
  minHeight: '2.25rem',
  padding: `0 ${vars.space['2']}`,
  border: '1px solid transparent',
  borderRadius: vars.radii.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surface, borderColor: vars.color.border },
    '&[aria-pressed="true"]': {
      background: vars.color.brandSoft,
      borderColor: vars.color.brand,
      color: vars.color.text,
    },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
});
export const content = style({ padding: vars.space['4'], minHeight: '20rem' });
globalStyle(`${content} .ProseMirror`, { outline: 'none', minHeight: '18rem' });
globalStyle(`${content} .ProseMirror p.is-editor-empty:first-child::before`, {
  content: 'attr(data-placeholder)',
  color: vars.color.textMuted,
  float: 'left',
  height: 0,
  pointerEvents: 'none',
});
globalStyle(`${content} .ProseMirror figure.ProseMirror-selectednode img`, {
  outline: `3px solid ${vars.color.brand}`,
});
export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });
