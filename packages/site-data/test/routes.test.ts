import { describe, expect, it } from 'vitest';
import {
  appStart,
  contactLink,
  documentTitle,
  footerQuickLinks,
  matchRoute,
  mobileMenuGroups,
  navLinks,
  prerenderedRoutes,
  routes,
  services,
  servicePath,
} from '../src/index.ts';

/** Pages the spec leaves open: who we are, the cookie notice and the accessibility statement. */
const companyPages = ['/about', '/cookies', '/accessibility'] as const;
/** The blog index, where visitors browse the published articles. */
const blogPages = ['/articles'] as const;

const spec = {
  public: [
    '/',
    '/services',
    '/providers',
    '/clients',
    '/service-packages',
    '/social',
    '/contact',
    '/auth',
    '/auth/callback',
    '/pricing',
    '/eboard-submissions',
    '/articles/:id',
    '/consultation-request',
    '/bookings/manage',
    '/qr-welcome',
    '/eboard-welcome',
    '/seaforth-darts-welcome',
    '/chat',
    '/auth/reset-password',
    '/terms',
    '/privacy',
    ...companyPages,
    ...blogPages,
    ...services.map(servicePath),
  ],
  'signed-in': [
    '/welcome',
    '/poster-creator',
    '/poster-analytics',
    '/profile',
    '/dashboard',
    '/article-generator',
    '/article-editor',
    '/article-editor/:id',
  ],
  admin: ['/eboard-dashboard', '/services/consultation-services', '/consultation-dashboard'],
} as const;

describe('route table', () => {
  it('holds every path of the site, and the company pages, with its access, and nothing else', () => {
    const byAccess = (access: string) =>
      routes
        .filter((r) => r.access === access)
        .map((r) => r.path)
        .sort();
    for (const [access, paths] of Object.entries(spec)) expect(byAccess(access)).toEqual([...paths].sort());
    expect(routes).toHaveLength(Object.values(spec).flat().length);
  });

  it('has no duplicate paths', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('gives every route a title and a meta description of a sensible length', () => {
    for (const r of routes) {
      expect(r.title, r.path).not.toBe('');
      expect(r.description.length, r.path).toBeGreaterThanOrEqual(25);
      expect(r.description.length, r.path).toBeLessThanOrEqual(160);
    }
  });

  it('names the page component of every route, the service pages sharing one', () => {
    for (const r of routes) expect(r.page, r.path).toMatch(/^[A-Z][A-Za-z]*Page$/);
    expect(matchRoute('/')?.route.page).toBe('HomePage');
    expect(new Set(services.map((s) => matchRoute(servicePath(s))?.route.page))).toEqual(
      new Set(['ServicePage']),
    );
    expect(matchRoute('/terms')?.route.page).toBe(matchRoute('/privacy')?.route.page);
  });

  it('prerenders exactly the public routes without parameters', () => {
    const paths = prerenderedRoutes.map((r) => r.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/services/ai-solutions');
    expect(paths).not.toContain('/articles/:id');
    expect(paths).not.toContain('/welcome');
    expect(paths).not.toContain('/services/consultation-services');
    expect(paths).toHaveLength(spec.public.length - 1);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/services/', '/services'],
    ['/services//', '/services'],
    ['/services?x=1#y', '/services'],
    ['/services/consultation-services', '/services/consultation-services'],
    ['/article-editor/', '/article-editor'],
    ['/articles?tag=cloud&page=2', '/articles'],
  ])('%j matches %j', (path, pattern) => {
    expect(matchRoute(path)?.route.path).toBe(pattern);
  });

  it('extracts and decodes parameters', () => {
    expect(matchRoute('/articles/abc-123/?x=1#y')).toMatchObject({
      route: { path: '/articles/:id', access: 'public' },
      params: { id: 'abc-123' },
    });
    expect(matchRoute('/article-editor/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute('/article-editor/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('matches nothing for unknown paths', () => {
    expect(matchRoute('/a/?x=1#y')).toBeUndefined();
    expect(matchRoute('/services/unknown')).toBeUndefined();
    expect(matchRoute('/articles/1/2')).toBeUndefined();
    expect(matchRoute('/Services')).toBeUndefined();
  });
});

describe('documentTitle', () => {
  it('leads with the brand on the home page and follows the page title elsewhere', () => {
    expect(documentTitle('Pricing', '/pricing')).toBe('Pricing | Pentland Cloud');
    expect(documentTitle('Home', '/')).toBe('Pentland Cloud | Home');
  });
});

describe('navigation', () => {
  it('has the top links in order, E-Board badged NEW, Contact apart', () => {
    expect(navLinks.map((l) => l.label)).toEqual([
      'Services',
      'Providers',
      'E-Board',
      'Pricing',
      'Clients',
      'Social',
    ]);
    expect(navLinks.find((l) => l.label === 'E-Board')?.badge).toBe('NEW');
    expect(navLinks.filter((l) => l.badge)).toHaveLength(1);
    expect(contactLink).toEqual({ label: 'Contact', to: '/contact' });
  });

  it('names the mobile menu groups: Main Pages, Contact, User Account, Get Started', () => {
    expect(mobileMenuGroups).toEqual({
      main: 'Main Pages',
      contact: 'Contact',
      signedIn: 'User Account',
      signedOut: 'Get Started',
    });
  });

  it('links only to routes that exist', () => {
    for (const link of [...navLinks, contactLink, ...footerQuickLinks]) {
      expect(matchRoute(link.to), link.to).toBeDefined();
    }
  });
});

describe('when the app starts', () => {
  it('waits for interaction only on the prerendered pages that are read, not used', () => {
    const onInteraction = routes.filter((r) => appStart(r) === 'interaction').map((r) => r.path);
    expect(onInteraction).toEqual([
      '/',
      '/services',
      ...services.map(servicePath),
      '/providers',
      '/clients',
      '/social',
      '/about',
      '/pricing',
      '/articles',
      '/terms',
      '/privacy',
      '/cookies',
      '/accessibility',
    ]);
  });

  it('starts at load on the callback and every non-prerendered page', () => {
    for (const path of ['/auth/callback', '/welcome', '/dashboard', '/articles/:id'])
      expect(appStart(matchRoute(path)!.route)).toBe('load');
    // A route that asked for interaction or islands but is not prerendered has no HTML to read before the app runs.
    expect(appStart({ ...matchRoute('/')!.route, access: 'signed-in' })).toBe('load');
    expect(appStart({ ...matchRoute('/contact')!.route, access: 'signed-in' })).toBe('load');
  });

  it('hydrates only the islands of the pages served as islands', () => {
    expect(routes.filter((r) => appStart(r) === 'islands').map((r) => r.path)).toEqual([
      '/service-packages',
      '/contact',
      '/auth',
      '/auth/reset-password',
      '/eboard-submissions',
      '/consultation-request',
      '/bookings/manage',
      '/qr-welcome',
      '/eboard-welcome',
      '/seaforth-darts-welcome',
      '/chat',
    ]);
  });
});
