import type { ComponentType } from 'react';
import { matchRoute, type RouteEntry } from '@pentland/site-data';
import { filesByName, manifestKey } from './lib/filesByName.ts';
import { preloadable } from './lib/preloadable.tsx';

type PageModule = { default: ComponentType };

export interface LazyPage {
  /** Renders the page, suspending on the first render unless `preload` has finished. */
  Page: ComponentType;
  preload: () => Promise<void>;
  /** The page's source module, as the Vite manifest names it (the prerenderer links its chunk and CSS). */
  module: string;
}

// Every feature's pages: `src/features/<feature>/…/<Name>Page.tsx`, found by their file name (unique across features).
const modules = import.meta.glob<PageModule>('./features/**/*Page.tsx');

const pageFiles = filesByName(Object.keys(modules), 'pages');

const cache = new Map<string, LazyPage>();

// Each page is its own chunk; `preload` before hydration lets the prerendered page hydrate without a spinner.
function lazyPage(name: string): LazyPage {
  const cached = cache.get(name);
  if (cached) return cached;
  const file = pageFiles.get(name);
  if (!file)
    throw new Error(`The route table names the page ${name}, but no src/features/**/${name}.tsx exists`);
  const { Component, preload } = preloadable(modules[file]!);
  const page: LazyPage = { Page: Component, preload, module: manifestKey(file) };
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
