export interface NavLink {
  label: string;
  to: string;
  /** A short badge beside the label, e.g. 'NEW'. */
  badge?: string;
}

/** The top navigation's links, in order. */
export const navLinks: readonly NavLink[] = [
  { label: 'Services', to: '/services' },
  { label: 'Providers', to: '/providers' },
  { label: 'E-Board', to: '/eboard-submissions', badge: 'NEW' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Clients', to: '/clients' },
  { label: 'Social', to: '/social' },
];

/** Who we are: in the mobile menu's Main Pages and the footer, not in the desktop bar (whose links the spec fixes). */
export const aboutLink: NavLink = { label: 'About Us', to: '/about' };

/** Every published article: in the mobile menu's Main Pages and the footer. */
export const articlesLink: NavLink = { label: 'Articles', to: '/articles' };

/** The mobile menu's 'Main Pages' group: the top navigation's links, then About Us and Articles. */
export const mobileMainLinks: readonly NavLink[] = [...navLinks, aboutLink, articlesLink];

/** The highlighted button at the end of the top navigation. */
export const contactLink: NavLink = { label: 'Contact', to: '/contact' };

export const signInLink: NavLink = { label: 'Sign In', to: '/auth' };

/** The mobile menu's group titles. */
export const mobileMenuGroups = {
  main: 'Main Pages',
  contact: 'Contact',
  signedIn: 'User Account',
  signedOut: 'Get Started',
} as const;

/** Signed-out "Get Started" group of the mobile menu. */
export const getStartedLinks: readonly NavLink[] = [
  signInLink,
  { label: 'Request Consultation', to: '/consultation-request' },
];

/** The user menu, for every signed-in user. Sign Out is an action, not a link. */
export const userMenuLinks: readonly NavLink[] = [
  { label: 'Profile', to: '/profile' },
  { label: 'Dashboard Home', to: '/welcome' },
  { label: 'Article Management', to: '/dashboard' },
  { label: 'AI Generator', to: '/article-generator' },
  { label: 'Create Article', to: '/article-editor' },
  { label: 'Request Consultation', to: '/consultation-request' },
];

export const adminMenuTitle = 'Admin Only';

/** The 'Admin Only' group, shown to admins only. */
export const adminMenuLinks: readonly NavLink[] = [
  { label: 'Manage Consultations', to: '/consultation-dashboard' },
  { label: 'Manage E-Board', to: '/eboard-dashboard' },
];

/** The Manage E-Board link at the end of the user menu, shown to everyone (the admin guard decides). */
export const userMenuTrailingLink: NavLink = { label: 'Manage E-Board', to: '/eboard-dashboard' };

export const signOutLabel = 'Sign Out';

/** The footer's Quick Links column. */
export const footerQuickLinks: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  aboutLink,
  { label: 'Services', to: '/services' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Package Builder', to: '/service-packages' },
  { label: 'Providers', to: '/providers' },
  { label: 'Clients', to: '/clients' },
  articlesLink,
  { label: 'E-Board', to: '/eboard-submissions' },
  { label: 'Request Consultation', to: '/consultation-request' },
  { label: 'Contact', to: '/contact' },
];

/** '© 2026 Pentland Cloud. All rights reserved.' for the given year. */
export function copyrightLine(brandName: string, year: number): string {
  return `© ${year} ${brandName}. All rights reserved.`;
}

/**
 * The mobile menu's 'User Account' group: the user menu's links, then the admin links for admins, then the
 * trailing Manage E-Board link when it is not already there (a list of links cannot show it twice usefully).
 */
export function accountMenuLinks(isAdmin: boolean): NavLink[] {
  const links = [...userMenuLinks, ...(isAdmin ? adminMenuLinks : [])];
  if (!links.some((link) => link.to === userMenuTrailingLink.to)) links.push(userMenuTrailingLink);
  return links;
}
