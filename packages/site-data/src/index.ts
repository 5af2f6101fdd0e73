export { brand, siteUrl, tagline, siteDescription, siteImages, type SiteImage } from './brand.js';
export {
  contact,
  formatAddress,
  mailtoHref,
  telHref,
  socialLinks,
  type Contact,
  type PostalAddress,
  type SocialLink,
  type SocialNetwork,
} from './contact.js';
export {
  services,
  currency,
  serviceBySlug,
  servicePath,
  formatPrice,
  formatFromPrice,
  priceBounds,
  priceRange,
  type Service,
  type ServiceSlug,
  type PriceUnit,
} from './services.js';
export { canonicalPath } from './paths.js';
export {
  routes,
  notFoundRoute,
  documentTitle,
  hasParams,
  isPrerendered,
  prerenderedRoutes,
  matchRoute,
  type Access,
  type RouteEntry,
  type RouteMatch,
} from './routes.js';
export {
  navLinks,
  contactLink,
  signInLink,
  mobileMenuGroups,
  getStartedLinks,
  userMenuLinks,
  adminMenuTitle,
  adminMenuLinks,
  userMenuTrailingLink,
  accountMenuLinks,
  signOutLabel,
  footerQuickLinks,
  copyrightLine,
  type NavLink,
} from './nav.js';
export { geo, openingHours, paymentMethods, serviceRadius, rating } from './business.js';
export {
  geoMetaTags,
  absoluteUrl,
  structuredData,
  businessOf,
  headFor,
  headToHtml,
  headAttribute,
  escapeHtml,
  jsonLdString,
  sitemapXml,
  robotsTxt,
  type Head,
  type MetaTag,
} from './seo.js';
export { homeContent, servicesContent, serviceDetailContent } from './content.js';
export {
  administratorEmails,
  parseEmailList,
  dashboardTools,
  welcomeGreeting,
  premiumStatusText,
  upgradeLink,
  type DashboardTool,
} from './account.js';
export {
  legalPaths,
  legalDocuments,
  legalDocument,
  isLegalPath,
  formatLegalDate,
  privacyPolicy,
  termsOfService,
  type LegalPath,
  type LegalDocument,
  type LegalSection,
} from './legal.js';
