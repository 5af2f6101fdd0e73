import type { ComponentType } from 'react';
import { matchRoute, services, servicePath } from '@pentland/site-data';
import { preloadable } from './lib/preloadable';

type PageModule = { default: ComponentType };

export interface LazyPage {
  /** Renders the page, suspending on the first render unless `preload` has finished. */
  Page: ComponentType;
  preload: () => Promise<void>;
  /** The page's source module, as the Vite manifest names it (the prerenderer links its chunk and CSS). */
  module: string;
}

const modules = import.meta.glob<PageModule>('./pages/*Page.tsx');

const cache = new Map<string, LazyPage>();

// Each page is its own chunk; `preload` before hydration lets the prerendered page hydrate without a spinner.
function lazyPage(name: string): LazyPage {
  const cached = cache.get(name);
  if (cached) return cached;
  const load = modules[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page module ./pages/${name}.tsx`);
  const { Component, preload } = preloadable(load);
  const page: LazyPage = { Page: Component, preload, module: `src/pages/${name}.tsx` };
  cache.set(name, page);
  return page;
}

const pageByPath: Record<string, string> = {
  '/': 'HomePage',
  '/services': 'ServicesPage',
  ...Object.fromEntries(services.map((s) => [servicePath(s), 'ServicePage'])),
  '/auth': 'AuthPage',
  '/auth/callback': 'AuthCallbackPage',
  '/auth/reset-password': 'ResetPasswordPage',
  '/welcome': 'WelcomePage',
  '/terms': 'LegalPage',
  '/privacy': 'LegalPage',
};

/** The page a route pattern shows; routes whose page is not built yet show the generic content page. */
export function pageForRoute(routePath: string): LazyPage {
  return lazyPage(pageByPath[routePath] ?? 'ContentPage');
}

export const notFoundPage = (): LazyPage => lazyPage('NotFoundPage');

/** The page a URL path shows, unknown paths included. */
export function pageForPath(path: string): LazyPage {
  const match = matchRoute(path);
  return match ? pageForRoute(match.route.path) : notFoundPage();
}
