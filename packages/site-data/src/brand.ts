/** The one name the site uses for itself. Everything that names the company reads it from here. */
export const brand = 'Pentland Cloud' as const;

/** The public origin the canonical links and structured data point at. */
export const siteUrl = 'https://pentlandcloud.co.uk' as const;

export const tagline = 'Enterprise cloud solutions that scale with your success' as const;

export const siteDescription =
  'Pentland Cloud delivers enterprise cloud infrastructure, Dynamics 365, web development, AI solutions and IT support from Thurso, Caithness, across the Scottish Highlands.';

/** An image format the build renders a master into. */
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/**
 * A picture rendered at build time from a master stored in the repository (apps/web/images/<master>.svg):
 * each width in each format, as `/images/<master>-<width>.<ext>`; the fallback format's widest file is the
 * plain `src` for browsers without `<picture>` support, previews and preloading.
 */
export interface ImageSet {
  master: string;
  /** The intrinsic size of the picture (width and height attributes: no layout shift). */
  width: number;
  height: number;
  /** The widths rendered, narrowest first. */
  widths: readonly number[];
  /** Modern formats offered first, best first. */
  formats: readonly ImageFormat[];
  fallback: ImageFormat;
  /** How wide the picture shows at each viewport (the `sizes` attribute); the full width when absent. */
  sizes?: string;
}

export const imageMimeTypes: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const extension = (format: ImageFormat) => (format === 'jpeg' ? 'jpg' : format);

/** The address of one rendering of a picture. */
export function imageUrl(set: ImageSet, width: number, format: ImageFormat): string {
  return `/images/${set.master}-${width}.${extension(format)}`;
}

/** A `srcset` of every width of a picture in one format. */
export function imageSrcset(set: ImageSet, format: ImageFormat): string {
  return set.widths.map((w) => `${imageUrl(set, w, format)} ${w}w`).join(', ');
}

/** The home page's hero: the Caithness coast under a sky of connected clouds. */
export const heroImage: ImageSet = {
  master: 'hero-highlands',
  width: 1200,
  height: 600,
  widths: [480, 800, 1200],
  formats: ['avif', 'webp'],
  fallback: 'jpeg',
  // Beside the text from desktops up (the hero's 1.1fr 1fr grid in a 1200 px container), full width below.
  sizes: '(min-width: 1024px) 35rem, calc(100vw - 2rem)',
};

/** The social preview card (Open Graph, Twitter, JSON-LD image): one PNG, the size the networks ask for. */
export const socialImage: ImageSet = {
  master: 'og-card',
  width: 1200,
  height: 630,
  widths: [1200],
  formats: [],
  fallback: 'png',
};

/** Every picture the build renders from a master. */
export const imageSets: readonly ImageSet[] = [heroImage, socialImage];

/** The three site images (the hero as its responsive set, as the page shows it), preloaded at start.
 * The addresses below are each picture's plain fallback. */
export const preloadedImages: readonly (string | ImageSet)[] = ['/images/logo.svg', heroImage, socialImage];

/** The three site images, preloaded at start and used by the home page, the logo and social previews. */
export const siteImages = {
  logo: '/images/logo.svg',
  hero: imageUrl(heroImage, heroImage.width, heroImage.fallback),
  social: imageUrl(socialImage, socialImage.width, socialImage.fallback),
} as const;

export type SiteImage = keyof typeof siteImages;
