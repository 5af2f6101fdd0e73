import { brand, siteDescription, siteImages, siteUrl, tagline } from './brand.ts';
import { companyAccreditations, team, type Credential } from './about.ts';
import { company, vatId } from './company.ts';
import { contact, socialLinks } from './contact.ts';
import { canonicalPath } from './paths.ts';
import {
  matchRoute,
  notFoundRoute,
  documentTitle,
  prerenderedRoutes,
  routes,
  type RouteEntry,
} from './routes.ts';
import { currency, priceRange, serviceBySlug, services, servicePath, type Service } from './services.ts';
import { serviceDetail, servicePrices } from './serviceDetails.ts';
import { geo, openingHours, paymentMethods, rating, serviceRadius } from './business.ts';

export interface MetaTag {
  name?: string;
  property?: string;
  content: string;
}

export const geoMetaTags: readonly MetaTag[] = [
  { name: 'geo.region', content: geo.region },
  { name: 'geo.placename', content: geo.placename },
  { name: 'geo.position', content: `${geo.latitude};${geo.longitude}` },
  { name: 'ICBM', content: `${geo.latitude}, ${geo.longitude}` },
];

/** The absolute URL of a path on the public site, in canonical form. */
export function absoluteUrl(path: string): string {
  const canonical = canonicalPath(path);
  return canonical === '/' ? `${siteUrl}/` : `${siteUrl}${canonical}`;
}

type JsonLd = Record<string, unknown>;

const businessId = `${siteUrl}/#business`;

function businessNode(): JsonLd {
  const coordinates = { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude };
  return {
    '@type': 'ProfessionalService',
    '@id': businessId,
    name: brand,
    legalName: company.legalName,
    vatID: vatId(company),
    identifier: {
      '@type': 'PropertyValue',
      propertyID: 'Companies House company number',
      value: company.companyNumber,
    },
    foundingDate: company.incorporated,
    description: siteDescription,
    slogan: tagline,
    url: absoluteUrl('/'),
    logo: absoluteUrl(siteImages.logo),
    image: absoluteUrl(siteImages.social),
    email: contact.email,
    telephone: contact.phoneE164,
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.streetAddress,
      addressLocality: contact.address.locality,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: contact.address.countryCode,
    },
    geo: coordinates,
    openingHours: openingHours.short,
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...openingHours.days],
        opens: openingHours.opens,
        closes: openingHours.closes,
      },
    ],
    priceRange: priceRange(),
    currenciesAccepted: currency,
    paymentAccepted: paymentMethods.join(', '),
    areaServed: { '@type': 'GeoCircle', geoMidpoint: coordinates, geoRadius: serviceRadius },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.value,
      bestRating: rating.best,
      ratingCount: rating.count,
    },
    potentialAction: {
      '@type': 'ReserveAction',
      name: 'Request a consultation',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: absoluteUrl('/consultation-request'),
        actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
      },
      result: { '@type': 'Reservation', name: 'Consultation' },
    },
    sameAs: socialLinks.map((link) => link.href),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: service.title,
          description: service.summary,
          url: absoluteUrl(servicePath(service)),
        },
        priceSpecification: {
          '@type': 'PriceSpecification',
          minPrice: service.fromPrice,
          priceCurrency: currency,
        },
      })),
    },
  };
}

/** A service page's Service node: the provider, the area served and the offers in GBP. */
function serviceNode(service: Service): JsonLd {
  const url = absoluteUrl(servicePath(service));
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.summary,
    url,
    provider: { '@id': businessId },
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude },
        geoRadius: serviceRadius,
      },
      { '@type': 'AdministrativeArea', name: 'Scottish Highlands' },
      { '@type': 'Country', name: 'United Kingdom' },
    ],
    offers: servicePrices(service.slug).map((p) => ({
      '@type': 'Offer',
      name: p.name,
      description: p.summary,
      price: p.amount.toFixed(2),
      priceCurrency: currency,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: p.amount.toFixed(2),
        priceCurrency: currency,
        valueAddedTaxIncluded: false,
        ...(p.billing === 'monthly'
          ? {
              unitCode: 'MON',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
            }
          : {}),
      },
      url,
    })),
  };
}

/** A service page's questions and answers as a FAQPage node. */
function faqNode(service: Service, pageUrl: string): JsonLd {
  return {
    '@type': 'FAQPage',
    '@id': `${pageUrl}#faq`,
    url: pageUrl,
    mainEntity: serviceDetail(service.slug).faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

const organizationId = `${siteUrl}/#organization`;

const credentialNode = (c: Credential): JsonLd => ({
  '@type': 'EducationalOccupationalCredential',
  name: c.name,
  description: c.meaning,
  recognizedBy: { '@type': 'Organization', name: c.issuer },
});

/** /about's Organization: the registered company, its team with their credentials, and its own certification. */
function organizationNode(): JsonLd {
  return {
    '@type': 'Organization',
    '@id': organizationId,
    name: brand,
    legalName: company.legalName,
    url: absoluteUrl('/'),
    logo: absoluteUrl(siteImages.logo),
    email: contact.email,
    telephone: contact.phoneE164,
    vatID: vatId(company),
    identifier: {
      '@type': 'PropertyValue',
      propertyID: 'Companies House company number',
      value: company.companyNumber,
    },
    foundingDate: company.incorporated,
    foundingLocation: { '@type': 'Place', name: `${geo.placename}, ${contact.address.region}` },
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.registeredOffice.streetAddress,
      addressLocality: company.registeredOffice.locality,
      addressRegion: company.registeredOffice.region,
      postalCode: company.registeredOffice.postalCode,
      addressCountry: company.registeredOffice.countryCode,
    },
    numberOfEmployees: { '@type': 'QuantitativeValue', value: team.length },
    employee: team.map((member) => ({
      '@type': 'Person',
      name: member.name,
      jobTitle: member.role,
      worksFor: { '@id': organizationId },
      hasCredential: member.credentials.map(credentialNode),
    })),
    hasCredential: companyAccreditations.map(credentialNode),
    subOrganization: { '@id': businessId },
    sameAs: socialLinks.map((link) => link.href),
  };
}

/** The service a path is the page of, if any. */
function serviceOfPath(routePath: string | undefined): Service | undefined {
  const m = routePath ? /^\/services\/([^/]+)$/.exec(routePath) : null;
  return m ? serviceBySlug(m[1] as string) : undefined;
}

/**
 * The JSON-LD of a page: the business with every item search engines need, and the page itself; on a service page
 * also the Service (provider, area, offers in GBP) and its FAQPage. Embedded on every page; the web page node names
 * the path's canonical URL.
 */
export function structuredData(path: string): JsonLd {
  const match = matchRoute(path);
  const page = match?.route ?? notFoundRoute;
  const service = match?.route.access === 'public' ? serviceOfPath(match.route.path) : undefined;
  const pageUrl = absoluteUrl(path);
  const isAbout = match?.route.path === '/about';
  return {
    '@context': 'https://schema.org',
    '@graph': [
      businessNode(),
      {
        '@type': isAbout ? 'AboutPage' : 'WebPage',
        '@id': `${absoluteUrl(path)}#webpage`,
        url: absoluteUrl(path),
        name: documentTitle(page.title, match?.route.path),
        description: page.description,
        inLanguage: 'en-GB',
        isPartOf: { '@type': 'WebSite', name: brand, url: absoluteUrl('/') },
        about: service ? { '@id': `${pageUrl}#service` } : { '@id': isAbout ? organizationId : businessId },
        ...(isAbout ? { mainEntity: { '@id': organizationId } } : {}),
      },
      ...(service ? [serviceNode(service), faqNode(service, pageUrl)] : []),
      ...(isAbout ? [organizationNode()] : []),
    ],
  };
}

/** The business node of a structured-data object (the one carrying hours, prices and rating). */
export function businessOf(data: JsonLd): JsonLd | undefined {
  const graph = data['@graph'];
  return Array.isArray(graph)
    ? (graph.find((n) => n?.['@type'] === 'ProfessionalService') as JsonLd)
    : undefined;
}

export interface HeadLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
}

/** The site's articles feed (Atom), served by the site's server and linked from every page's head. */
export const articlesFeed = {
  path: '/feed.xml',
  type: 'application/atom+xml',
  title: `${brand} articles`,
} as const;

export interface Head {
  /** The document title. */
  title: string;
  description: string;
  /** Absolute canonical URL; none for the not-found page. */
  canonical: string | null;
  /** Every `<meta>` besides the charset and viewport: description, robots, geo, Open Graph, Twitter. */
  meta: MetaTag[];
  jsonLd: JsonLd;
  /** `<link>`s besides the canonical one: the articles feed (`rel="alternate"`). */
  links: HeadLink[];
  /** The HTTP status the page is served with. */
  status: 200 | 404;
  /** The matched route; undefined for not-found. */
  route: RouteEntry | undefined;
}

/** Everything that goes into `<head>` for a path (and query: see `privateQuery`), unknown paths included. */
export function headFor(path: string): Head {
  const match = matchRoute(path);
  const route = match?.route;
  const page = route ?? notFoundRoute;
  const title = documentTitle(page.title, route?.path);
  const canonical = route ? absoluteUrl(path) : null;
  const query = new URLSearchParams(/\?([^#]*)/.exec(path)?.[1] ?? '');
  const robots = !route
    ? 'noindex'
    : route.access === 'public' && !route.privateQuery?.some((name) => query.has(name))
      ? 'index, follow'
      : 'noindex, nofollow';
  const meta: MetaTag[] = [
    { name: 'description', content: page.description },
    { name: 'robots', content: robots },
    ...geoMetaTags,
    { property: 'og:site_name', content: brand },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: absoluteUrl(siteImages.social) },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  return {
    title,
    description: page.description,
    canonical,
    meta,
    jsonLd: structuredData(path),
    links: [
      {
        rel: 'alternate',
        type: articlesFeed.type,
        title: articlesFeed.title,
        href: absoluteUrl(articlesFeed.path),
      },
    ],
    status: route ? 200 : 404,
    route,
  };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c] as string);
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Marks every tag `headToHtml` writes, so the client can replace them on navigation. */
export const headAttribute = 'data-head';

/** The head tags as HTML, each marked with `data-head`. */
export function headToHtml(head: Head): string {
  const a = headAttribute;
  const tags = [`<title ${a}>${escapeHtml(head.title)}</title>`];
  for (const m of head.meta) {
    const key =
      m.name !== undefined ? `name="${escapeHtml(m.name)}"` : `property="${escapeHtml(m.property ?? '')}"`;
    tags.push(`<meta ${a} ${key} content="${escapeHtml(m.content)}">`);
  }
  if (head.canonical) tags.push(`<link ${a} rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const l of head.links ?? []) {
    const attrs = [
      `rel="${escapeHtml(l.rel)}"`,
      l.type && `type="${escapeHtml(l.type)}"`,
      l.title && `title="${escapeHtml(l.title)}"`,
    ]
      .filter(Boolean)
      .join(' ');
    tags.push(`<link ${a} ${attrs} href="${escapeHtml(l.href)}">`);
  }
  tags.push(`<script ${a} type="application/ld+json">${jsonLdString(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

export interface SitemapEntry {
  path: string;
  /** ISO time of the last change. */
  lastModified?: string;
}

/** sitemap.xml: every indexed public page without parameters, then any further entries (published articles). */
export function sitemapXml(
  paths: readonly string[] = prerenderedRoutes.map((r) => r.path),
  extra: readonly SitemapEntry[] = [],
): string {
  const entries: SitemapEntry[] = [...paths.map((path) => ({ path })), ...extra];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(absoluteUrl(e.path))}</loc>${e.lastModified ? `<lastmod>${escapeHtml(e.lastModified)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; the signed-in and admin areas may not. */
export function robotsTxt(): string {
  const privatePaths = routes
    .filter((r) => r.access !== 'public')
    .map((r) => r.path.replace(/\/:.*$/, '/'))
    .filter((p, i, all) => all.indexOf(p) === i);
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}
