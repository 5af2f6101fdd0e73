import { style } from '@vanilla-extract/css';
import { sprinkles, vars } from '@pentland/ui';

const tablet = 'screen and (min-width: 768px)';
const desktop = 'screen and (min-width: 1024px)';

/** Text beside the picture on wide screens, above it on narrow ones. */
export const hero = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'center',
  '@media': { [desktop]: { gridTemplateColumns: '1.1fr 1fr' } },
});

export const heroTitle = style({
  fontSize: vars.fontSize['3xl'],
  '@media': { [tablet]: { fontSize: '3rem' } },
});

export const heroText = style({ fontSize: vars.fontSize.lg, maxWidth: '60ch' });

export const heroImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadow.lg,
});

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});

/** Cards in one, two or three columns; the list markup stays a list. */
export const cardGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['5'],
  '@media': {
    [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const cardFill = style({ height: '100%' });

/** Four short cards side by side on wide screens. */
export const quadGrid = style([
  cardGrid,
  { '@media': { [desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } },
]);

export const cardLink = style({
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '3px',
  // A generous hit area for touch without changing the text's look.
  display: 'inline-block',
  paddingTop: vars.space['2'],
  paddingBottom: vars.space['2'],
});

/** Pushes the card's link to its bottom edge so a row of cards lines up. */
export const cardFooter = style({ marginTop: 'auto' });

export const price = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.accent });

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const featureList = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'grid',
  gap: vars.space['2'],
});

export const linkList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
});

export const breadcrumb = style({ color: 'inherit', fontWeight: vars.fontWeight.medium });

// Layout through the kit's sprinkles, resolved at build time: the pages ship class names, not the sprinkles runtime.
export const stack = sprinkles({ display: 'flex', flexDirection: 'column', gap: '4' });
export const stackWide = sprinkles({ display: 'flex', flexDirection: 'column', gap: '5' });
export const stackStart = sprinkles({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  alignItems: 'flex-start',
});
export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: '3' });
export const muted = sprinkles({ color: 'textMuted' });
export const lead = sprinkles({ color: 'textMuted', fontSize: 'lg' });
export const leadSpaced = sprinkles({ color: 'textMuted', fontSize: 'lg', marginBottom: '6' });
export const large = sprinkles({ fontSize: 'lg' });
export const pageTitle = sprinkles({ fontSize: '3xl' });
export const priceLarge = sprinkles({ fontSize: 'xl', fontWeight: 'semibold' });

// Dashboard home
export const planLine = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });

// Legal pages (/terms, /privacy)
export const legalUpdated = style({ color: vars.color.textInverseMuted, fontSize: vars.fontSize.sm });

export const legalSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  // Lands a table-of-contents jump a little below the fixed navigation.
  scrollMarginTop: vars.space['4'],
  maxWidth: '70ch',
  overflowWrap: 'anywhere',
});

export const legalHeading = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight });

export const legalList = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'grid',
  gap: vars.space['2'],
});

// Two newspaper columns on wider screens, so the numbers run down the first column and on into the second.
export const legalToc = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  '@media': { [tablet]: { columnCount: 2, columnGap: vars.space['7'] } },
});

export const legalTocItem = style({ breakInside: 'avoid' });

export const legalTocLink = style({
  display: 'inline-block',
  paddingTop: vars.space['1'],
  paddingBottom: vars.space['1'],
  textUnderlineOffset: '3px',
});

export const legalLink = style({ fontWeight: vars.fontWeight.semibold, textUnderlineOffset: '3px' });
