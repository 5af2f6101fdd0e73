import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import {
  appStart,
  hasParams,
  headFor,
  headToHtml,
  isPrerendered,
  jsonLdString,
  matchRoute,
  robotsTxt,
  routes,
  sitemapXml,
  type Head,
} from '@pentland/site-data';
import { App } from './App.tsx';
import { loadIslands } from './islandKinds.tsx';
import { articlePageIslands, renderWithIslands, type IslandKinds } from './renderIslands.tsx';
import { withRenderClock } from './lib/renderClock.ts';
import { pageForPath } from './pages.tsx';
import { setInitialArticle } from './features/articles/initialData.ts';
import type { ServedData } from './lib/servedData.ts';
import { servedForQuery, withServerQuery } from './lib/addressQuery.ts';
import { boardVersion, servedBoard } from './features/eboard/servedBoard.ts';
import { latestCount, servedLatest, toLatestCards } from './features/articles/latestCards.ts';
import { servedBlog, toBlogView, type BlogView } from './features/articles/blogData.ts';

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
function renderIslands(url: string, kinds: IslandKinds): { html: string; clock: string; islands: string[] } {
  const search = new URL(url, 'http://localhost').search;
  const { value, tag } = withRenderClock(Date.now(), () =>
    withServerQuery(search, () => renderWithIslands(() => appHtml(url), kinds)),
  );
  return { ...value, clock: tag };
}

export { articlePageIslands };

/** Renders a URL to HTML, after loading its page so that nothing suspends. */
export function render(url: string, { shell = false }: RenderOptions = {}): Promise<Rendered> {
  return renderPage(url, shell);
}

/** `render`, with `head` in place of the route's head tags (and status) when given. */
async function renderPage(url: string, shell: boolean, head: Head = headFor(url)): Promise<Rendered> {
  const page = pageForPath(url);
  const [, kinds] = await Promise.all([page.preload(), loadIslands()]);
  return renderLoaded(url, shell, head, page.module, kinds);
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
async function renderWith<T>(
  url: string,
  slot: ServedData<T>,
  value: T,
  head: Head = headFor(url),
): Promise<Rendered> {
  const page = pageForPath(url);
  const [, kinds] = await Promise.all([page.preload(), loadIslands()]);
  slot.set(value);
  try {
    const rendered = renderLoaded(url, false, head, page.module, kinds);
    const data = `<script type="application/json" id="${slot.id}">${jsonLdString(value)}</script>`;
    return { ...rendered, head: `${rendered.head}\n    ${data}` };
  } finally {
    slot.set(null);
  }
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

export interface BackendAccess {
  url: string;
  anonKey: string;
}

export type ArticleRender =
  /** `version` is the rendered row's `articleVersion` and the published list's (compare with `checkArticle`'s). */
  | { kind: 'page'; rendered: Rendered; lastModified: string; version: string }
  | { kind: 'not-found' }
  /** The backend could not be reached: serve the client-rendered template instead. */
  | { kind: 'unreachable' };

/**
 * A request to the backend is given up after this long, so that a backend that accepts and never answers does not
 * hold a version check open for good (the server itself waits far less: serve.mjs's backendWaitMs).
 */
const backendRequestTimeoutMs = 10_000;

const fetchWithTimeout: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(backendRequestTimeoutMs);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
};

let articleClient:
  { key: string; client: Promise<import('@supabase/supabase-js').SupabaseClient> } | undefined;

function backendClient({ url, anonKey }: BackendAccess) {
  const key = `${url} ${anonKey}`;
  if (articleClient?.key !== key) {
    articleClient = {
      key,
      client: Promise.all([import('@supabase/supabase-js'), import('ws')]).then(([{ createClient }, ws]) =>
        createClient(url, anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: { transport: ws.default as unknown as typeof WebSocket },
          global: { fetch: fetchWithTimeout },
        }),
      ),
    };
  }
  return articleClient.client;
}

/** The id or slug of /articles/{id or slug}. */
const articleParam = (url: string) =>
  decodeURIComponent(url.split('?')[0]!.split('/').filter(Boolean)[1] ?? '');

/**
 * The page of the published list whose version an article page's version includes (its previous, next and related
 * links): publishing, unpublishing or deleting any article changes the count, so its links are never stale; an edit to
 * a linked article's title beyond the first page shows within renderingTtlMs.
 */
const neighboursListQuery = { tag: null, page: 1 };

export type ArticleCheck =
  { kind: 'version'; version: string } | { kind: 'not-found' } | { kind: 'unreachable' };

/**
 * The current public version of /articles/{id or slug} (see `publishedArticleVersion`): the server serves a page it
 * rendered earlier only while this is the version it rendered, so an unpublish, a delete or an edit shows at once.
 */
export async function checkArticle(url: string, backend: BackendAccess): Promise<ArticleCheck> {
  const { publishedArticleVersion, publishedArticlesPageVersion } = await import('@pentland/articles');
  try {
    const client = await backendClient(backend);
    const [version, listed] = await Promise.all([
      publishedArticleVersion(client, articleParam(url)),
      publishedArticlesPageVersion(client, neighboursListQuery),
    ]);
    return version === null ? { kind: 'not-found' } : { kind: 'version', version: `${version}\n${listed}` };
  } catch {
    return { kind: 'unreachable' };
  }
}

/**
 * /articles/{id or slug} on request: the published article (as the anonymous public may read it, so drafts and
 * scheduled articles are not found), rendered with its own head, and its data for the browser to hydrate with.
 * `answered` is called once the backend has answered (what follows is rendering only).
 */
export async function renderArticle(
  url: string,
  backend: BackendAccess,
  answered?: () => void,
): Promise<ArticleRender> {
  const [articles, { serverSanitizer }] = await Promise.all([
    import('@pentland/articles'),
    import('@pentland/articles/server'),
  ]);
  const idOrSlug = articleParam(url);
  let row, neighbours, listed;
  try {
    const client = await backendClient(backend);
    [row, listed] = await Promise.all([
      articles.fetchPublishedArticle(client, idOrSlug),
      articles.publishedArticlesPageVersion(client, neighboursListQuery),
    ]);
    neighbours = row && articles.toPublicNeighbours(await articles.articleNeighbours(client, row));
  } catch {
    return { kind: 'unreachable' };
  }
  answered?.();
  if (!row || !neighbours) return { kind: 'not-found' };
  const article = articles.toPublicArticle(row, serverSanitizer());
  const served = { article, neighbours };
  const page = pageForPath(url);
  const [, kinds] = await Promise.all([page.preload(), loadIslands()]);
  // Set for this synchronous render only: a request rendered beside it never sees it.
  setInitialArticle(served);
  try {
    const { html, clock, islands } = renderIslands(url, kinds);
    return {
      kind: 'page',
      rendered: {
        head: `${headToHtml(articles.articleHead(article))}\n    ${clock}`,
        html,
        status: 200,
        module: page.module,
        start: 'islands',
        islands,
      },
      lastModified: article.updatedAt,
      version: `${articles.articleVersion(row)}\n${listed}`,
    };
  } finally {
    setInitialArticle(null);
  }
}

export interface Discovery {
  sitemap: string;
  feed: string;
  /** The listed articles' `articlesVersion` (compare with `checkDiscovery`'s). */
  version: string;
}

/** How many published articles the sitemap lists (the feed, the newest 50 of them). */
const discoveryLimit = 1000;

/** The current version of the articles the sitemap and feed list; null when the backend cannot be reached. */
export async function checkDiscovery(backend: BackendAccess): Promise<string | null> {
  const { publishedArticlesVersion } = await import('@pentland/articles');
  try {
    return await publishedArticlesVersion(await backendClient(backend), discoveryLimit);
  } catch {
    return null;
  }
}

/** sitemap.xml with every published article, and the Atom feed of the newest 50; null when the backend is down. */
export async function renderDiscovery(backend: BackendAccess): Promise<Discovery | null> {
  const [{ latestArticles, toPublicArticle, atomFeed, articlesVersion }, { serverSanitizer }] =
    await Promise.all([import('@pentland/articles'), import('@pentland/articles/server')]);
  let rows;
  try {
    rows = await latestArticles(await backendClient(backend), discoveryLimit);
  } catch {
    return null;
  }
  const sanitize = serverSanitizer();
  const articles = rows.map((r) => toPublicArticle({ ...r, content: '' }, sanitize));
  return {
    sitemap: sitemapXml(
      undefined,
      articles.map((a) => ({ path: a.path, lastModified: a.updatedAt })),
    ),
    feed: atomFeed(articles.slice(0, 50)),
    version: articlesVersion(rows),
  };
}

const eboardPath = '/eboard-welcome';

/**
 * Public pages that show what changes in the backend, rendered on request over their prerendered HTML (which the
 * server sends when the backend cannot be reached): home and /services with the newest three articles, the blog
 * index, whose query (`?tag=`, `?page=`) names the page, and the E-Board's page with the board. `unlessQuery`: an
 * address with one of these query parameters gets the prerendered page (the E-Board screen's own mode, whose app
 * shows its slides from the board it reads and stores itself).
 */
export const livePages: readonly { path: string; query: boolean; unlessQuery?: readonly string[] }[] = [
  { path: '/', query: false },
  { path: '/services', query: false },
  { path: '/articles', query: true },
  { path: eboardPath, query: false, unlessQuery: ['display'] },
];

export type LiveRender =
  /** `version` (compare with `checkLive`'s) when the rendering may be reused; none for a 404. */
  { kind: 'page'; rendered: Rendered; version?: string } | { kind: 'unreachable' };

export type LiveCheck = { kind: 'version'; version: string } | { kind: 'unreachable' };

const isBlog = (url: string) => url.split('?')[0] === '/articles';
const isBoard = (url: string) => url.split('?')[0] === eboardPath;

/** The E-Board's entries as the public reads them. */
async function boardNow(backend: BackendAccess) {
  const { readBoard } = await import('./features/eboard/data.ts');
  return readBoard(await backendClient(backend));
}

/**
 * The current version of what a live page shows (see `livePages`): the newest three articles' ids and `updated_at`s,
 * the blog page's and how many articles match, or the board's entries and which are on now. The server serves a
 * rendering only while this is unchanged, so a publish, an unpublish, a delete or an edit shows on the next request.
 */
export async function checkLive(url: string, backend: BackendAccess): Promise<LiveCheck> {
  const { publishedArticlesVersion, publishedArticlesPageVersion, parseBlogQuery } =
    await import('@pentland/articles');
  try {
    if (isBoard(url)) return { kind: 'version', version: boardVersion(await boardNow(backend), new Date()) };
    const client = await backendClient(backend);
    if (!isBlog(url))
      return { kind: 'version', version: await publishedArticlesVersion(client, latestCount) };
    const query = parseBlogQuery(new URL(url, 'http://localhost').search);
    if (!query) return { kind: 'unreachable' };
    return { kind: 'version', version: await publishedArticlesPageVersion(client, query) };
  } catch {
    return { kind: 'unreachable' };
  }
}

/**
 * A live page on request (see `livePages`); an address of the blog that names no page is its 404 with a link back.
 * `answered` is called once the backend has answered (what follows is rendering only).
 */
export async function renderLive(
  url: string,
  backend: BackendAccess,
  answered?: () => void,
): Promise<LiveRender> {
  const {
    latestArticles,
    articlesVersion,
    publishedArticlesPage,
    blogPageVersion,
    parseBlogQuery,
    blogHead,
  } = await import('@pentland/articles');
  if (isBoard(url)) {
    let entries;
    try {
      entries = await boardNow(backend);
    } catch {
      return { kind: 'unreachable' };
    }
    answered?.();
    const rendered = await renderWith(url, servedBoard, entries);
    return { kind: 'page', rendered, version: boardVersion(entries, new Date()) };
  }
  if (!isBlog(url)) {
    let rows;
    try {
      rows = await latestArticles(await backendClient(backend), latestCount);
    } catch {
      return { kind: 'unreachable' };
    }
    answered?.();
    const rendered = await renderWith(url, servedLatest, toLatestCards(rows));
    return { kind: 'page', rendered, version: articlesVersion(rows) };
  }
  const query = parseBlogQuery(new URL(url, 'http://localhost').search);
  let view: BlogView = { kind: 'missing' };
  let version: string | undefined;
  if (query) {
    try {
      const page = await publishedArticlesPage(await backendClient(backend), query);
      view = toBlogView(query, page);
      if (view.kind === 'page') version = blogPageVersion(page);
    } catch {
      return { kind: 'unreachable' };
    }
  }
  answered?.();
  // A blog address that names no page has the not-found page's head (404, not indexed) over its own content.
  const head = view.kind === 'page' ? blogHead(view.blog) : headFor('/__no-such-page__');
  return { kind: 'page', rendered: await renderWith(url, servedBlog, view, head), version };
}

/** Loads what rendering an article needs (the sanitiser's DOM, the client), so the first visitor does not wait. */
export async function warmUp(): Promise<void> {
  const { serverSanitizer } = await import('@pentland/articles/server');
  serverSanitizer()('<p></p>');
  await import('@supabase/supabase-js');
}
