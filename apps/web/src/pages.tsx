import type { ComponentType } from 'react';
import { matchRoute, type RouteEntry } from '@pentland/site-data';
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
  if (!load)
    throw new Error(`The route table names the page ${name}, but src/pages/${name}.tsx does not exist`);
  const { Component, preload } = preloadable(load);
  const page: LazyPage = { Page: Component, preload, module: `src/pages/${name}.tsx` };
  cache.set(name, page);
  return page;
}

/** The page a route shows, as its `page` in the site-data route table names it. */
export function pageForRoute(route: Pick<RouteEntry, 'page'>): LazyPage {
  return lazyPage(route.page);
}

export const notFoundPage = (): LazyPage => lazyPage('NotFoundPage');

/** The page a URL path shows, unknown paths included. */
export function pageForPath(path: string): LazyPage {
  const match = matchRoute(path);
  return match ? pageForRoute(match.route) : notFoundPage();
}
