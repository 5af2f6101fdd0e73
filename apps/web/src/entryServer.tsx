// The server build's entry (vite build --ssr): what the prerenderer (scripts/prerender.mjs) and the site server
// (scripts/serve.mjs) call. Rendering a page is renderPage.tsx's; the pages read from the backend, renderFromBackend.ts's.
import { hasParams, isPrerendered, robotsTxt, routes, sitemapXml } from '@pentland/site-data';
import { servedForQuery } from './lib/addressQuery.ts';
import { render, renderWith, type Rendered, type RenderOptions } from './renderPage.tsx';
import { articlePageIslands } from './renderIslands.tsx';

export { robotsTxt, sitemapXml, render, articlePageIslands, type Rendered, type RenderOptions };
export {
  checkArticle,
  renderArticle,
  checkDiscovery,
  renderDiscovery,
  livePages,
  checkLive,
  renderLive,
  warmUp,
  type ArticleCheck,
  type ArticleRender,
  type BackendAccess,
  type Discovery,
  type LiveCheck,
  type LiveRender,
} from './renderFromBackend.ts';

/** The backend URL this build talks to (the prerenderer derives the Content-Security-Policy from it). */
export const backendUrl: string | undefined = import.meta.env.VITE_SUPABASE_URL;

export type PrerenderTarget =
  | { kind: 'page'; url: string; shell: boolean }
  | { kind: 'template'; url: string; shell: true; pattern: string; params: Record<string, string> }
  | { kind: 'not-found'; url: string; shell: false };

/**
 * What the build renders: each public route in full, each signed-in or admin route as a shell, routes with
 * parameters as templates (the server swaps the placeholders for the real values), and the not-found page.
 */
export function prerenderTargets(): PrerenderTarget[] {
  const targets: PrerenderTarget[] = routes.map((route) => {
    if (!hasParams(route)) return { kind: 'page', url: route.path, shell: !isPrerendered(route) };
    const params: Record<string, string> = {};
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => (params[name] = `__param_${name}__`));
    return { kind: 'template', url, shell: true, pattern: route.path, params };
  });
  targets.push({ kind: 'not-found', url: '/__not-found__', shell: false });
  return targets;
}

/**
 * Public pages whose first view their address's query decides with nothing from the backend (the callback's error
 * or missing code, a reset-password or booking page opened without its link): the server renders them for each
 * request's address, so that view is in the HTML (their prerendered page, a spinner or a loading state, is sent if
 * rendering fails).
 */
export const queryPages: readonly string[] = ['/auth/callback', '/auth/reset-password', '/bookings/manage'];

/** A query page (see `queryPages`) for its whole address, marked so that the browser hydrates it with the query. */
export function renderForQuery(url: string): Promise<Rendered> {
  return renderWith(url, servedForQuery, true);
}
