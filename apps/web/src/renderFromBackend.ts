// The pages, sitemap and feed the server renders from what the backend holds (articles, the blog index, home and
// /services with the newest articles, the E-Board's page), each with the version the server compares before serving
// a page it rendered earlier. The backend is read as the anonymous public.
import { headFor, headToHtml, sitemapXml } from '@pentland/site-data';
import { loadPageCode, renderIslands, renderWith, type Rendered } from './renderPage.tsx';
import { setInitialArticle } from './features/articles/initialData.ts';
import { boardVersion, servedBoard } from './features/eboard/servedBoard.ts';
import { latestCount, servedLatest, toLatestCards } from './features/articles/latestCards.ts';
import { servedBlog, toBlogView, type BlogView } from './features/articles/blogData.ts';

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
  const { module, kinds } = await loadPageCode(url);
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
        module,
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
