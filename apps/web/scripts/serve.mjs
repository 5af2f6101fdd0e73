#!/usr/bin/env node
// The production server: the prerendered page of each route, the HTML shell of client-rendered routes,
// the not-found page with HTTP 404 for anything else, hashed assets cached for a year, gzip when accepted, and on
// every response the security headers the prerenderer wrote into routes.json (scripts/security-headers.mjs).
// node:http only. Usage: node scripts/serve.mjs [distDir]   (PORT, default 3000; HOST, default 127.0.0.1)
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { createRenderingCache } from './rendering-cache.mjs';
import { securityHeaders } from './security-headers.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** '/services/' and '/services//' → '/services'; the root keeps its slash (as site-data's canonicalPath). */
export function canonicalPath(pathname) {
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

function matchPattern(pattern, path) {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = got[i];
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

const etagOf = (body) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

/** A body ready to send: its type, ETag and (for text worth it) gzip, computed once. */
function prepared(body, type) {
  return {
    body,
    type,
    gzip: compressible.test(type) && body.length > 512 ? gzipSync(body, { level: 9 }) : undefined,
    etag: etagOf(body),
  };
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Pages rendered on request, the sitemap and the feed. `no-cache` lets browsers and shared caches keep the answer but
 * makes them ask again (with its ETag) before every use, so a retracted article is never shown from a cache: the
 * answer is a 304 while nothing changed, the not-found page once it did.
 */
const dynamicCacheControl = 'no-cache';

/**
 * How long a page rendered on request waits for the backend at most (its version check and, when that changed, the
 * read it is rendered from). Past it the visitor gets the fallback at once — the client-rendered template of an
 * article, the prerendered page of a live page — while the backend's late answer still fills the cache for the next
 * request. Rendering itself, once the backend has answered, is not cut short.
 */
export const backendWaitMs = 300;

/**
 * `start(wait)`'s result, or `late` when after backendWaitMs it is still waiting on the backend (`wait.onBackend`,
 * cleared by the caller once the backend has answered). The work goes on either way; its failure is logged.
 */
function withinBackendWait(start, late, what, waitMs = backendWaitMs) {
  const wait = { onBackend: true };
  const work = start(wait);
  work.catch((err) => console.error('[serve] rendering', what, 'failed:', err));
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(() => {
      if (wait.onBackend) resolve(late);
    }, waitMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A server for a built dist directory (with the prerenderer's routes.json). Not yet listening. `backend`
 * ({ url, anonKey }) overrides the backend the build was made for (SUPABASE_URL / SUPABASE_ANON_KEY when run);
 * `waitMs` the bound on waiting for it (backendWaitMs; the end-to-end tests and the bench, which check that a page
 * was rendered on request on a loaded machine, give it longer).
 */
export function createSiteServer({ root, backend, waitMs = backendWaitMs }) {
  const dist = resolve(root);
  const manifest = JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8'));
  if (!manifest.headers)
    console.warn('routes.json has no security headers (a build from before they existed): rebuild the site');
  const security = manifest.headers ?? securityHeaders(undefined);
  const files = new Map();
  const backendAccess =
    backend ??
    (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY
      ? { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY }
      : manifest.backend);
  let ssr;
  const renderer = () => (ssr ??= import(pathToFileURL(join(dist, manifest.server)).href));
  // Pages rendered on request and the sitemap and feed, by path, reused while the backend reports the same version.
  const { current } = createRenderingCache();
  // The renderer once what rendering needs is loaded (the sanitiser, the backend client's library): loading code is
  // not waiting on the backend, so the bound on that (backendWaitMs) starts when this is done.
  let warm;
  const warmRenderer = () =>
    (warm ??= renderer().then(async (m) => {
      await m.warmUp?.().catch((err) => console.error('[serve] warming the renderer up failed:', err));
      return m;
    }));
  if (manifest.dynamic?.length && backendAccess)
    warmRenderer().catch((err) => console.error('[serve] could not load the server renderer:', err));

  // Files are read once and kept, with their gzip and ETag: the whole site is a few hundred KB.
  function load(relative) {
    let entry = files.get(relative);
    if (entry) return entry;
    const full = resolve(dist, relative);
    if (full !== dist && !full.startsWith(dist + sep)) return undefined;
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const body = readFileSync(full);
    const type = types[extname(full).toLowerCase()] ?? 'application/octet-stream';
    entry = prepared(body, type);
    files.set(relative, entry);
    return entry;
  }

  function send(req, res, status, entry, headers, body = entry.body) {
    const etag = body === entry.body && entry.etag ? entry.etag : etagOf(body);
    res.setHeader('Content-Type', entry.type);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    let payload = body;
    const gz =
      body === entry.body && entry.etag ? entry.gzip : body.length > 512 ? gzipSync(body) : undefined;
    if (gz && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      res.setHeader('Content-Encoding', 'gzip');
      payload = gz;
    }
    res.setHeader('Content-Length', payload.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** An open template (head and body left open by the prerenderer) filled with a rendering, ready to send. */
  function filled(file, rendered) {
    const html = load(file)
      .body.toString('utf8')
      .replace('<!--app-head-->', () => rendered.head)
      .replace('<!--app-html-->', () => rendered.html);
    return prepared(Buffer.from(html), types['.html']);
  }

  const htmlHeaders = { 'Cache-Control': 'no-cache' };

  function sendPage(req, res, status, relative, replacements = {}) {
    const entry = load(relative);
    if (!entry) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Site not built: run pnpm build');
      return;
    }
    let body = entry.body;
    const pairs = Object.entries(replacements);
    if (pairs.length) {
      let text = body.toString('utf8');
      for (const [token, value] of pairs) text = text.split(token).join(value);
      body = Buffer.from(text);
    }
    send(req, res, status, entry, htmlHeaders, body);
  }

  /**
   * A page rendered on request (a published article): its own head and content in the served HTML; a draft, a
   * scheduled article or an unknown one is the not-found page with 404; when the backend cannot be reached, the
   * client-rendered template (the browser tries again); so too when it does not answer within backendWaitMs.
   */
  async function sendDynamic(req, res, dynamic, canonical) {
    try {
      const { renderArticle, checkArticle } = await warmRenderer();
      const result = await withinBackendWait(
        (wait) =>
          current(
            `page ${canonical}`,
            async () => {
              const c = await checkArticle(canonical, backendAccess);
              return c.kind === 'version'
                ? { version: c.version }
                : { [c.kind === 'not-found' ? 'gone' : 'unreachable']: true };
            },
            async () => {
              const r = await renderArticle(canonical, backendAccess, () => (wait.onBackend = false));
              if (r.kind !== 'page') return { [r.kind === 'not-found' ? 'gone' : 'unreachable']: true };
              return {
                version: r.version,
                entry: filled(dynamic.file, r.rendered),
                lastModified: new Date(r.lastModified).toUTCString(),
              };
            },
          ),
        { unreachable: true },
        canonical,
        waitMs,
      );
      if (result.entry) {
        send(req, res, 200, result.entry, {
          'Cache-Control': dynamicCacheControl,
          'Last-Modified': result.lastModified,
        });
        return;
      }
      if (result.gone) {
        sendPage(req, res, 404, manifest.notFound);
        return;
      }
    } catch (err) {
      console.error('[serve] rendering', canonical, 'failed:', err);
    }
    // Unreachable backend or a rendering failure: the browser renders the page itself.
    const replacements = {};
    const params = matchPattern(dynamic.pattern, canonical);
    const template = manifest.templates.find((t) => t.file === dynamic.fallback);
    for (const [name, token] of Object.entries(template.params))
      replacements[token] = encodeURIComponent(safeDecode(params[name]) ?? params[name]);
    sendPage(req, res, 200, dynamic.fallback, replacements);
  }

  /**
   * A prerendered page that shows published articles, rendered on request (home and /services with the newest
   * three, the blog index): reused while the backend reports the same version of what it shows. When the backend
   * cannot be reached, the prerendered page (the browser loads the articles itself).
   */
  async function sendLive(req, res, live, url) {
    const path = live.query ? `${live.path}${url.search}` : live.path;
    try {
      const { renderLive, checkLive } = await warmRenderer();
      const result = await withinBackendWait(
        (wait) =>
          current(
            `live ${path}`,
            async () => {
              const c = await checkLive(path, backendAccess);
              return c.kind === 'version' ? { version: c.version } : { unreachable: true };
            },
            async () => {
              const r = await renderLive(path, backendAccess, () => (wait.onBackend = false));
              if (r.kind !== 'page') return { unreachable: true };
              return {
                version: r.version,
                status: r.rendered.status,
                entry: filled(live.file, r.rendered),
              };
            },
          ),
        { unreachable: true },
        path,
        waitMs,
      );
      if (result.entry) {
        send(req, res, result.status, result.entry, { 'Cache-Control': dynamicCacheControl });
        return;
      }
    } catch (err) {
      console.error('[serve] rendering', path, 'failed:', err);
    }
    sendPage(req, res, 200, manifest.pages[live.path]);
  }

  /**
   * A page whose first view its query decides (the callback's error, a booking link without its token), rendered
   * for this request's address; its prerendered page if that fails. Not stored by any cache: the address may carry
   * a one-time code or a booking's token.
   */
  async function sendForQuery(req, res, queryPage, url) {
    try {
      const { renderForQuery } = await renderer();
      const r = await renderForQuery(`${queryPage.path}${url.search}`);
      send(req, res, r.status, filled(queryPage.file, r), { 'Cache-Control': 'no-store' });
      return;
    } catch (err) {
      console.error('[serve] rendering', queryPage.path, 'failed:', err);
    }
    sendPage(req, res, 200, manifest.pages[queryPage.path]);
  }

  /** sitemap.xml with the published articles and the Atom feed; the build's static sitemap if the backend is down. */
  async function sendDiscovery(req, res, pathname) {
    let result = {};
    try {
      const { renderDiscovery, checkDiscovery } = await renderer();
      result = await current(
        'discovery',
        async () => {
          const version = await checkDiscovery(backendAccess);
          return version === null ? { unreachable: true } : { version };
        },
        async () => {
          const d = await renderDiscovery(backendAccess);
          if (!d) return { unreachable: true };
          return {
            version: d.version,
            sitemap: prepared(Buffer.from(d.sitemap), types['.xml']),
            feed: prepared(Buffer.from(d.feed), 'application/atom+xml; charset=utf-8'),
          };
        },
      );
    } catch (err) {
      console.error('[serve] sitemap/feed failed:', err);
    }
    const headers = { 'Cache-Control': dynamicCacheControl };
    if (pathname === '/sitemap.xml') {
      const entry = result.sitemap ?? load('sitemap.xml');
      if (!entry) return sendPage(req, res, 404, manifest.notFound);
      send(req, res, 200, entry, headers);
      return;
    }
    if (!result.feed) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' })
        .end('The feed is not available right now.');
      return;
    }
    send(req, res, 200, result.feed, headers);
  }

  return createServer((req, res) => {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = safeDecode(url.pathname);
    if (pathname === undefined || pathname.includes('\0')) {
      sendPage(req, res, 404, manifest.notFound);
      return;
    }

    if ((pathname === '/sitemap.xml' || pathname === '/feed.xml') && backendAccess) {
      void sendDiscovery(req, res, pathname);
      return;
    }
    // A real file: hashed build assets never change, everything else is revalidated.
    const isHidden =
      pathname.split('/').some((part) => part.startsWith('.')) || /^\/(_server|_templates)\//.test(pathname);
    if (extname(pathname) && !isHidden && !pathname.endsWith('.html')) {
      const entry = load(pathname.slice(1));
      if (entry) {
        const immutable = pathname.startsWith('/assets/');
        send(req, res, 200, entry, {
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        });
        return;
      }
    }

    const canonical = canonicalPath(url.pathname);
    const known =
      manifest.pages[canonical] ?? manifest.templates.find((t) => matchPattern(t.pattern, canonical));
    if (known && canonical !== url.pathname) {
      res.writeHead(301, { Location: canonical + url.search, 'Cache-Control': 'public, max-age=3600' }).end();
      return;
    }
    const live = (manifest.live ?? []).find(
      (l) => l.path === canonical && !(l.unlessQuery ?? []).some((name) => url.searchParams.has(name)),
    );
    if (live && backendAccess) {
      void sendLive(req, res, live, url);
      return;
    }
    const queryPage = (manifest.query ?? []).find((q) => q.path === canonical);
    if (queryPage) {
      void sendForQuery(req, res, queryPage, url);
      return;
    }
    // The blog's tag pages are its index with a query: /articles/tag/{tag} → /articles?tag={tag}.
    const tagged = /^\/articles\/tag\/([^/]+)$/.exec(canonical);
    if (tagged && manifest.pages['/articles']) {
      const tag = safeDecode(tagged[1]);
      if (tag !== undefined) {
        const to = `/articles?${new URLSearchParams({ tag })}`;
        res.writeHead(301, { Location: to, 'Cache-Control': 'public, max-age=3600' }).end();
        return;
      }
    }
    if (manifest.pages[canonical]) {
      sendPage(req, res, 200, manifest.pages[canonical]);
      return;
    }
    const dynamic = (manifest.dynamic ?? []).find((d) => matchPattern(d.pattern, canonical));
    if (dynamic && backendAccess) {
      void sendDynamic(req, res, dynamic, canonical);
      return;
    }
    for (const template of manifest.templates) {
      const params = matchPattern(template.pattern, canonical);
      if (!params) continue;
      // The template was rendered with placeholder parameters; the real ones, re-encoded, are safe in
      // HTML attributes, text and JSON strings alike.
      const replacements = {};
      for (const [name, token] of Object.entries(template.params)) {
        replacements[token] = encodeURIComponent(safeDecode(params[name]) ?? params[name]);
      }
      sendPage(req, res, 200, template.file, replacements);
      return;
    }
    sendPage(req, res, 404, manifest.notFound);
  });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = createSiteServer({ root });
  server.listen(port, host, () => {
    const { port: actual } = server.address();
    console.log(`\n  Pentland Cloud is running at http://${host}:${actual}/\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
