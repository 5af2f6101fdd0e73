/** The one name the site uses for itself. Everything that names the company reads it from here. */
export const brand = 'Pentland Cloud' as const;

/** The public origin the canonical links and structured data point at. */
export const siteUrl = 'https://pentlandcloud.co.uk' as const;

export const tagline = 'Enterprise cloud solutions that scale with your success' as const;

export const siteDescription =
  'Pentland Cloud delivers enterprise cloud infrastructure, Dynamics 365, web development, AI solutions and IT support from Thurso, Caithness, across the Scottish Highlands.';

/** The three site images, preloaded at start and used by the home page, the logo and social previews. */
export const siteImages = {
  logo: '/images/logo.svg',
  hero: '/images/hero-highlands.svg',
  social: '/images/og-card.svg',
} as const;

export type SiteImage = keyof typeof siteImages;
