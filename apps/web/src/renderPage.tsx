// Rendering a page of the app to HTML on the server: the whole app, or a page served as islands, on the render's clock,
// with a part's data when a page carries it (see entryServer.tsx, the server build's entry, for what uses these).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { appStart, headFor, headToHtml, jsonLdString, matchRoute, type Head } from '@pentland/site-data';
import { App } from './App.tsx';
import { loadIslands } from './islandKinds.tsx';
import { renderWithIslands, type IslandKinds } from './renderIslands.tsx';
import { withServerQuery } from './lib/addressQuery.ts';
import { withRenderClock } from './lib/renderClock.ts';
import type { ServedData } from './lib/servedData.ts';
import { pageForPath } from './pages.tsx';

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
  /** On a page served as islands, the islands' modules (the browser loads these, not `module`). */
  islands: string[];
  /**
   * When the browser starts the app on this page (see site-data's `appStart`); 'islands': never, it hydrates only
   * the page's islands (see `renderIslands`).
   */
  start: 'load' | 'interaction' | 'islands';
}

/** The app at `url` as HTML. */
function appHtml(url: string, shell = false): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App shell={shell} />
      </StaticRouter>
    </StrictMode>,
  );
}

/** The app at `url` as HTML, on this moment's clock, and the head tag that carries that clock to the browser. */
function renderApp(url: string, shell = false): { html: string; clock: string } {
  const { value, tag } = withRenderClock(Date.now(), () => appHtml(url, shell));
  return { html: value, clock: tag };
}

/**
 * `renderApp` for a page served as islands (`renderWithIslands`), with the islands' modules; the islands, which have
 * no router, see the address's query (a page rendered for its query: /bookings/manage?token=…).
 */
export function renderIslands(
  url: string,
  kinds: IslandKinds,
): { html: string; clock: string; islands: string[] } {
  const search = new URL(url, 'http://localhost').search;
  const { value, tag } = withRenderClock(Date.now(), () =>
    withServerQuery(search, () => renderWithIslands(() => appHtml(url), kinds)),
  );
  return { ...value, clock: tag };
}

/** Renders a URL to HTML, after loading its page so that nothing suspends. */
export function render(url: string, { shell = false }: RenderOptions = {}): Promise<Rendered> {
  return renderPage(url, shell);
}

/**
 * Loads the code a render of `url` needs, so that the render itself is synchronous: the page's (its `module`, for
 * the prerenderer to link its chunk) and every island's.
 */
export async function loadPageCode(url: string): Promise<{ module: string; kinds: IslandKinds }> {
  const page = pageForPath(url);
  const [, kinds] = await Promise.all([page.preload(), loadIslands()]);
  return { module: page.module, kinds };
}

/** `render`, with `head` in place of the route's head tags (and status) when given. */
async function renderPage(url: string, shell: boolean, head: Head = headFor(url)): Promise<Rendered> {
  const { module, kinds } = await loadPageCode(url);
  return renderLoaded(url, shell, head, module, kinds);
}

/**
 * `renderPage` once the page's and the islands' code is loaded: synchronous, so no other request's render can
 * interleave. A route that starts as islands (site-data's `appStart`) is rendered as islands.
 */
function renderLoaded(url: string, shell: boolean, head: Head, module: string, kinds: IslandKinds): Rendered {
  const match = shell ? undefined : matchRoute(url);
  const start = match ? appStart(match.route) : 'load';
  const { html, clock, islands } =
    start === 'islands' ? renderIslands(url, kinds) : { ...renderApp(url, shell), islands: [] };
  return {
    head: `${headToHtml(head)}\n    ${clock}`,
    html,
    status: head.status,
    module,
    start,
    islands,
  };
}

/**
 * `render` with a part's data set for the render only, and carried in the head for the browser to hydrate with;
 * `head` replaces the route's head tags (and status). The data is a module's for the length of one synchronous
 * render (the page's code is loaded first), so requests rendered side by side never see each other's.
 */
export async function renderWith<T>(
  url: string,
  slot: ServedData<T>,
  value: T,
  head: Head = headFor(url),
): Promise<Rendered> {
  const { module, kinds } = await loadPageCode(url);
  slot.set(value);
  try {
    const rendered = renderLoaded(url, false, head, module, kinds);
    const data = `<script type="application/json" id="${slot.id}">${jsonLdString(value)}</script>`;
    return { ...rendered, head: `${rendered.head}\n    ${data}` };
  } finally {
    slot.set(null);
  }
}
