import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '@pentland/ui';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;

/** The previous and next articles: stacked on phones, side by side from tablets. */
export const pair = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** The next article sits on the right, as "next" reads, also when there is no previous one. */
export const next = style({
  '@media': { [tablet]: { gridColumnStart: 2, textAlign: 'end' } },
});

export const cell = style({ display: 'flex', minWidth: 0 });
export const card = style({ flex: 1 });
