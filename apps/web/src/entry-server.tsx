import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import {
  hasParams,
  headFor,
  headToHtml,
  isPrerendered,
  robotsTxt,
  routes,
  sitemapXml,
} from '@pentland/site-data';
import { App } from './App';
import { pageForPath } from './pages';

export { robotsTxt, sitemapXml };

/** The backend URL this build talks to (the prerenderer derives the Content-Security-Policy from it). */
export const backendUrl: string | undefined = import.meta.env.VITE_SUPABASE_URL;

export interface RenderOptions {
  /** Render the layout with a spinner in place of the page: the client renders the page itself. */
  shell?: boolean;
}

export interface Rendered {
  head: string;
  html: string;
  status: number;
  /** The page's module, for the prerenderer to link its chunk and CSS. */
  module: string;
}

/** Renders a URL to HTML, after loading its page so that nothing suspends. */
export async function render(url: string, { shell = false }: RenderOptions = {}): Promise<Rendered> {
  const page = pageForPath(url);
  await page.preload();
  const head = headFor(url);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App shell={shell} />
      </StaticRouter>
    </StrictMode>,
  );
  return { head: headToHtml(head), html, status: head.status, module: page.module };
}

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
