import { brand } from './brand.ts';
import { services, servicePath } from './services.ts';
import { canonicalPath, splitPath } from './paths.ts';

export type Access = 'public' | 'signed-in' | 'admin';

export interface RouteEntry {
  /** A react-router path pattern; `:name` marks a parameter segment. */
  path: string;
  access: Access;
  /** The page's own title; the document title adds the brand (see `documentTitle`). */
  title: string;
  /** The meta description. */
  description: string;
  /**
   * The page component the route shows: the file name of its module in the web app's feature folders
   * (`apps/web/src/features/<feature>/<page>.tsx`, each page its own chunk). Routes whose page is not built yet show
   * `ContentPage`, the frame with the title and description.
   */
  page: string;
  /**
   * When the browser starts the app (React, the router and the page's code) on this prerendered page. 'load', the
   * default: right after the first paint. 'interaction': a page that is read rather than used, whose HTML is the
   * whole page and whose links work as plain links: the app starts only when the visitor begins to interact
   * (pointer, touch, keys, wheel or scroll), a part that needs live data comes near the viewport, a session is
   * stored, or the address has a query (see `appStart`). 'islands': a page with a few interactive parts in HTML that
   * is otherwise read: the browser hydrates only those parts (the navigation, a form), each on its own, and never
   * starts the app there; its links load their pages.
   */
  start?: 'load' | 'interaction' | 'islands';
  /**
   * Query parameters that make an address a private link (a booking's own page, `?token=`): such an address is
   * `noindex, nofollow` (its canonical URL, as always, the path without its query); the page without them is indexed.
   */
  privateQuery?: readonly string[];
}

const serviceRoutes: RouteEntry[] = services.map((service) => ({
  path: servicePath(service),
  access: 'public',
  title: service.title,
  description: service.summary,
  page: 'ServicePage',
  start: 'interaction',
}));

/** Every route of the site, in the order the router registers them. */
export const routes: readonly RouteEntry[] = [
  {
    path: '/',
    access: 'public',
    title: 'Enterprise Cloud & IT Services in Caithness',
    description:
      'Pentland Cloud delivers cloud infrastructure, Dynamics 365, web development, AI solutions and IT support from Thurso, Caithness, across the Scottish Highlands.',
    page: 'HomePage',
    start: 'interaction',
  },
  {
    path: '/services',
    access: 'public',
    title: 'Services',
    description:
      'Cloud infrastructure, Dynamics 365, web development, AI, hosting, marketing, video, project management, gaming set-ups and IT support from Pentland Cloud.',
    page: 'ServicesPage',
    start: 'interaction',
  },
  ...serviceRoutes,
  {
    path: '/providers',
    access: 'public',
    title: 'Technology Providers',
    description:
      'The cloud, software and hardware partners Pentland Cloud works with to deliver your projects.',
    page: 'ProvidersPage',
    start: 'interaction',
  },
  {
    path: '/clients',
    access: 'public',
    title: 'Our Clients',
    description:
      'Businesses and organisations across Caithness and the Highlands that trust Pentland Cloud with their IT.',
    page: 'ClientsPage',
    start: 'interaction',
  },
  {
    path: '/service-packages',
    access: 'public',
    title: 'Package Builder',
    description:
      'Build your own package of Pentland Cloud services and see the monthly and one-off price as you go.',
    page: 'PackageBuilderPage',
    start: 'islands',
  },
  {
    path: '/social',
    access: 'public',
    title: 'Social',
    description:
      'Follow Pentland Cloud on social media for news, tips and behind-the-scenes from the Highlands.',
    page: 'SocialPage',
    start: 'interaction',
  },
  {
    path: '/about',
    access: 'public',
    title: 'About Us',
    description:
      'Who we are: the Pentland Cloud team in Thurso, their qualifications, how we work, where we are and careers.',
    page: 'AboutPage',
    start: 'interaction',
  },
  {
    path: '/contact',
    access: 'public',
    title: 'Contact Us',
    description:
      'Call, e-mail or visit Pentland Cloud in Thurso, Caithness. We answer Monday to Friday, 09:00 to 17:00.',
    page: 'ContactPage',
    start: 'islands',
  },
  {
    path: '/auth',
    access: 'public',
    title: 'Sign In',
    description: 'Sign in to your Pentland Cloud account, create a new account or reset your password.',
    page: 'AuthPage',
    start: 'islands',
  },
  {
    path: '/auth/callback',
    access: 'public',
    title: 'Processing Authentication',
    description: 'Completing your sign-in to Pentland Cloud.',
    page: 'AuthCallbackPage',
  },
  {
    path: '/auth/reset-password',
    access: 'public',
    title: 'Reset Password',
    description: 'Choose a new password for your Pentland Cloud account.',
    page: 'ResetPasswordPage',
    start: 'islands',
  },
  {
    path: '/pricing',
    access: 'public',
    title: 'Pricing',
    description:
      'Clear prices for every Pentland Cloud service, from £37.50 a month for hosting to enterprise cloud projects.',
    page: 'PricingPage',
    start: 'interaction',
  },
  {
    path: '/eboard-submissions',
    access: 'public',
    title: 'E-Board Submissions',
    description:
      'Submit your business or event to the Pentland Cloud E-Board, the digital notice board for Caithness.',
    page: 'EboardSubmissionPage',
    start: 'islands',
  },
  {
    path: '/articles',
    access: 'public',
    title: 'Articles',
    description:
      'Articles from Pentland Cloud on cloud, security, Dynamics 365 and technology in the Scottish Highlands.',
    page: 'ArticlesPage',
    start: 'interaction',
  },
  {
    path: '/articles/:id',
    access: 'public',
    title: 'Article',
    description: 'An article from Pentland Cloud on cloud, IT and technology in the Highlands.',
    page: 'ArticlePage',
  },
  {
    path: '/consultation-request',
    access: 'public',
    title: 'Request a Consultation',
    description: 'Book a free consultation with Pentland Cloud to talk through your cloud and IT needs.',
    page: 'ConsultationRequestPage',
    start: 'islands',
  },
  {
    path: '/bookings/manage',
    access: 'public',
    privateQuery: ['token'],
    title: 'Your Booking',
    description: 'See, move or cancel your consultation with Pentland Cloud from the link in your e-mail.',
    page: 'ManageBookingPage',
    start: 'islands',
  },
  {
    path: '/qr-welcome',
    access: 'public',
    title: 'Welcome',
    description: 'Thanks for scanning our QR code. Discover what Pentland Cloud can do for your business.',
    page: 'QrLandingPage',
    start: 'islands',
  },
  {
    path: '/eboard-welcome',
    access: 'public',
    title: 'Welcome to the E-Board',
    description: 'The Pentland Cloud E-Board: local businesses and events on screens across Caithness.',
    page: 'EboardWelcomePage',
    start: 'islands',
  },
  {
    path: '/seaforth-darts-welcome',
    access: 'public',
    title: 'Welcome, Seaforth Darts',
    description: 'A welcome from Pentland Cloud to the players and supporters of Seaforth Darts.',
    page: 'QrLandingPage',
    start: 'islands',
  },
  {
    path: '/chat',
    access: 'public',
    title: 'Chat with Us',
    description: 'Ask Pentland Cloud a question and find the right cloud or IT service for your business.',
    page: 'ChatPage',
    start: 'islands',
  },
  {
    path: '/terms',
    access: 'public',
    title: 'Terms of Service',
    description: 'The terms that apply when you use the Pentland Cloud website and services.',
    page: 'LegalPage',
    start: 'interaction',
  },
  {
    path: '/privacy',
    access: 'public',
    title: 'Privacy Policy',
    description: 'How Pentland Cloud collects, uses and protects your personal data.',
    page: 'LegalPage',
    start: 'interaction',
  },
  {
    path: '/cookies',
    access: 'public',
    title: 'Cookies and Storage',
    description:
      'What the Pentland Cloud website keeps in your browser and why: no cookies, no analytics and no third-party trackers.',
    page: 'LegalPage',
    start: 'interaction',
  },
  {
    path: '/accessibility',
    access: 'public',
    title: 'Accessibility Statement',
    description:
      'How the Pentland Cloud website meets WCAG 2.2 AA, how we test it, what we know falls short and how to report a problem.',
    page: 'LegalPage',
    start: 'interaction',
  },
  {
    path: '/welcome',
    access: 'signed-in',
    title: 'Dashboard Home',
    description: 'Your Pentland Cloud dashboard: articles, posters and account at a glance.',
    page: 'WelcomePage',
  },
  {
    path: '/poster-creator',
    access: 'signed-in',
    title: 'Poster Creator',
    description: 'Design posters with trackable QR codes for your business.',
    page: 'PosterCreatorPage',
  },
  {
    path: '/poster-analytics',
    access: 'signed-in',
    title: 'Poster Analytics',
    description: 'See how your posters and QR codes perform over time.',
    page: 'PosterAnalyticsPage',
  },
  {
    path: '/profile',
    access: 'signed-in',
    title: 'Profile',
    description: 'Your Pentland Cloud account details and premium subscription.',
    page: 'ProfilePage',
  },
  {
    path: '/dashboard',
    access: 'signed-in',
    title: 'Article Management',
    description: 'Manage, edit and publish your Pentland Cloud articles.',
    page: 'DashboardPage',
  },
  {
    path: '/article-generator',
    access: 'signed-in',
    title: 'AI Article Generator',
    description: 'Generate article drafts with the Pentland Cloud AI generator.',
    page: 'ArticleGeneratorPage',
  },
  {
    path: '/article-editor',
    access: 'signed-in',
    title: 'Create Article',
    description: 'Write, illustrate and publish a new article.',
    page: 'ArticleEditorPage',
  },
  {
    path: '/article-editor/:id',
    access: 'signed-in',
    title: 'Edit Article',
    description: 'Edit and republish an existing article.',
    page: 'ArticleEditorPage',
  },
  {
    path: '/eboard-dashboard',
    access: 'admin',
    title: 'Manage E-Board',
    description: 'Review, approve and manage E-Board entries.',
    page: 'EboardDashboardPage',
  },
  {
    path: '/services/consultation-services',
    access: 'admin',
    title: 'Consultation Services',
    description: 'Manage the consultation services Pentland Cloud offers.',
    page: 'ConsultationServicesPage',
  },
  {
    path: '/consultation-dashboard',
    access: 'admin',
    title: 'Manage Consultations',
    description: 'Review, schedule and manage consultation requests.',
    page: 'ConsultationDashboardPage',
  },
];

/** What any other path shows. */
export const notFoundRoute = {
  title: 'Page Not Found',
  description: 'The page you were looking for does not exist or has moved.',
} as const;

/** 'Services | Pentland Cloud'; the home page leads with the brand. */
export function documentTitle(title: string, path?: string): string {
  return path === '/' ? `${brand} | ${title}` : `${title} | ${brand}`;
}

export function hasParams(route: Pick<RouteEntry, 'path'>): boolean {
  return route.path.split('/').some((segment) => segment.startsWith(':'));
}

/** Public routes without parameters: their full HTML is rendered at build time. */
export function isPrerendered(route: RouteEntry): boolean {
  return route.access === 'public' && !hasParams(route);
}

/** When the app starts on a route's page: 'interaction' or 'islands' only for prerendered pages that ask for it. */
export function appStart(route: RouteEntry): 'load' | 'interaction' | 'islands' {
  return isPrerendered(route) && route.start ? route.start : 'load';
}

export const prerenderedRoutes: readonly RouteEntry[] = routes.filter(isPrerendered);

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

/** The route a path (query, hash and trailing slashes ignored) belongs to, with its parameters. */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = splitPath(canonicalPath(path));
  for (const route of routes) {
    const pattern = splitPath(route.path);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith(':')) {
        params[part.slice(1)] = safeDecode(segment);
        return true;
      }
      return part === segment;
    });
    if (ok) return { route, params };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
