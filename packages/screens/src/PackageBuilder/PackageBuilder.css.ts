import { style } from '@vanilla-extract/css';
import { vars } from '@pentland/ui';

export const layout = style({
  display: 'grid',
  // One column no wider than the page on phones, whatever the content's longest word or label.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['6'],
  '@media': {
    'screen and (min-width: 1024px)': {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(18rem, 1fr)',
      alignItems: 'start',
    },
  },
});
export const services = style({ display: 'grid', gap: vars.space['4'] });
export const options = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
});
export const summary = style({
  '@media': { 'screen and (min-width: 1024px)': { position: 'sticky', top: '5.5rem' } },
});
export const totals = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});
export const amount = style({ textAlign: 'right', padding: `${vars.space['1']} 0` });
export const label = style({
  textAlign: 'left',
  padding: `${vars.space['1']} 0`,
  fontWeight: vars.fontWeight.regular,
});
export const grand = style({ fontWeight: vars.fontWeight.bold, borderTop: `1px solid ${vars.color.border}` });
