#!/usr/bin/env node
// Build step 3: renders every route into dist with its head tags. Public routes get their full HTML
// (hydrated later); signed-in and admin routes get the layout with a spinner (client-rendered); routes
// with parameters get a template the server fills in; unknown paths get 404.html. Also writes
// routes.json (for scripts/serve.mjs, with the security headers), sitemap.xml, robots.txt and _headers (the same
// security headers for static hosts that read that file).
// Usage: node scripts/prerender.mjs [distDir] [ssrDir]   (defaults: dist and dist-ssr; the end-to-end tests build
// into their own directories). The server build's directory is removed afterwards.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { localBackendDefaults } from './local-backend.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { headersFile, securityHeaders } from './security-headers.mjs';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(appDir, process.argv[2] ?? 'dist');
const ssrDir = resolve(appDir, process.argv[3] ?? 'dist-ssr');
const ssr = await import(pathToFileURL(join(ssrDir, 'entryServer.js')).href);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = viteManifest['index.html'];

// The chunk and CSS of the route's page, so its first paint is styled and needs no extra round trip.
function pageAssets(modules) {
  for (const module of modules)
    if (!viteManifest[module]) throw new Error(`prerender: ${module} is not in the Vite manifest`);
  const scripts = new Set();
  const styles = new Set();
  const have = new Set([entry.file, ...(entry.imports ?? []).map((k) => viteManifest[k].file)]);
  // The stylesheets the served index.html already links: the entry's and its static imports'.
  const entryCss = new Set(
    [entry, ...(entry.imports ?? []).map((k) => viteManifest[k])].flatMap((c) => c.css ?? []),
  );
  const visit = (key) => {
    const c = viteManifest[key];
    if (!have.has(c.file)) scripts.add(c.file);
    for (const css of c.css ?? []) if (!entryCss.has(css)) styles.add(css);
    for (const child of c.imports ?? []) visit(child);
  };
  for (const module of modules) visit(module);
  return {
    scripts: [...scripts],
    styles: [...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  };
}

// The UI kit's Inter (one variable font, every weight the first screen uses) fetched with the HTML rather than after
// the CSS, so text does not swap late from the fallback face and shift the page (CLS 0.019 on / when the semibold
// came late).
const fontPreloads = Object.values(viteManifest)
  .map((c) => c.file)
  .filter((f) => /inter-latin-wght-400-700-[\w-]+\.woff2$/.test(f))
  .map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`)
  .join('\n    ');
if (!fontPreloads)
  throw new Error('The build has no Inter font file (packages/ui/src/theme/inter.css) to preload');

// The page is fully rendered HTML: its first paint needs the stylesheet, the fonts and its images, not the app. The
// stylesheet goes first in the head; the entry script (tiny, see src/main.tsx) carries the page's chunks in
// data-modules and fetches them, React and the router after that paint (no modulepreload links, which would fetch
// them alongside the stylesheet and the fonts).
const viteTags = [
  ...template.matchAll(
    /^\s*<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]*>(?:<\/script>)?\n/gm,
  ),
];
const shell = viteTags.reduce((t, m) => t.replace(m[0], ''), template);
const stylesheets = viteTags.map((m) => m[0].trim()).filter((tag) => tag.includes('rel="stylesheet"'));
const entryScript = viteTags.map((m) => m[0].trim()).find((tag) => tag.startsWith('<script'));
if (!entryScript || viteTags.some((m) => m[0].includes('rel="modulepreload"')))
  throw new Error('prerender: expected the entry script and no modulepreload links in index.html');

// A page that is read rather than used (site-data's `appStart`) says so on its entry script: the entry then starts
// the app only when the visitor begins to interact; a page served as islands (`data-start="islands"`) lists the
// islands' modules instead of its page's, and its entry hydrates only those.
const islandsModule = 'src/hydrateIslands.tsx';
// `revalidate`: a page rendered on request from what the backend holds, which its entry loads again when the browser
// shows it from history (src/hydrateIslands.tsx), so a retracted article is not shown from the browser's copy.
function page({ head, html, module, start = 'load', islands = [], revalidate = false }) {
  const { scripts, styles } = pageAssets(start === 'islands' ? [islandsModule, ...islands] : [module]);
  const entryTag = entryScript.replace(
    '></script>',
    ` fetchpriority="low"${start === 'load' ? '' : ` data-start="${start}"`}${revalidate ? ' data-revalidate' : ''} data-modules="${scripts.map((f) => `/${f}`).join(' ')}"></script>`,
  );
  return shell
    .replace('<!--app-head-->', [head, ...stylesheets, ...styles, fontPreloads, entryTag].join('\n    '))
    .replace('<!--app-html-->', html);
}

function write(relative, text) {
  const file = join(dist, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// The Content-Security-Policy names the backend the app was built against (fetch, WebSocket, images).
const headers = securityHeaders(ssr.backendUrl);
const manifest = {
  pages: {},
  templates: [],
  notFound: '404.html',
  headers,
  // Routes the server renders on request with data from the backend (the SSR build is kept in _server/).
  dynamic: [],
  // Prerendered pages the server renders on request with what they show from the backend (`file`: the document
  // with the head and body left open; `query`: the query names what the page shows; `unlessQuery`: with one of these
  // query parameters the prerendered page is served). Their prerendered page is served when the backend cannot be
  // reached.
  live: [],
  // Prerendered pages the server renders for each request's address, query included, without the backend (`file`:
  // the document with the head and body left open); their prerendered page is served if that fails.
  query: [],
  server: '_server/entryServer.js',
  backend: {
    url: process.env.VITE_SUPABASE_URL || localBackendDefaults.VITE_SUPABASE_URL,
    anonKey: process.env.VITE_SUPABASE_ANON_KEY || localBackendDefaults.VITE_SUPABASE_ANON_KEY,
  },
};
const dynamicPatterns = new Set(['/articles/:id']);
const livePages = new Map((ssr.livePages ?? []).map((p) => [p.path, p]));
const queryPages = new Set(ssr.queryPages ?? []);
let count = 0;

for (const target of ssr.prerenderTargets()) {
  const rendered = await ssr.render(target.url, { shell: target.shell });
  const file = target.url === '/' ? 'index.html' : `${target.url.slice(1)}/index.html`;
  if (target.kind === 'page') {
    manifest.pages[target.url] = file;
    write(file, page(rendered));
    // The same document with the head and body left open, for the server to fill in on request.
    const open = (kind) => {
      const openFile = `_templates${target.url === '/' ? '/index' : target.url}.${kind}.html`;
      const left = { head: '<!--app-head-->', html: '<!--app-html-->', module: rendered.module };
      write(openFile, page({ ...left, start: rendered.start, islands: rendered.islands }));
      return openFile;
    };
    const live = livePages.get(target.url);
    if (live)
      manifest.live.push({
        path: target.url,
        file: open('live'),
        query: live.query,
        unlessQuery: live.unlessQuery ?? [],
      });
    if (queryPages.has(target.url)) manifest.query.push({ path: target.url, file: open('query') });
  } else if (target.kind === 'template') {
    const templateFile = `_templates${target.pattern.replace(/:(\w+)/g, '[$1]')}.html`;
    manifest.templates.push({ pattern: target.pattern, file: templateFile, params: target.params });
    write(templateFile, page(rendered));
    if (dynamicPatterns.has(target.pattern)) {
      // The same document with the head and body left open, for the server to fill in on request.
      const dynamicFile = templateFile.replace(/\.html$/, '.dynamic.html');
      // A page rendered on request is served as islands: its entry hydrates only those (src/hydrateIslands.tsx).
      write(
        dynamicFile,
        page({
          head: '<!--app-head-->',
          html: '<!--app-html-->',
          module: rendered.module,
          start: 'islands',
          islands: ssr.articlePageIslands,
          revalidate: true,
        }),
      );
      manifest.dynamic.push({ pattern: target.pattern, file: dynamicFile, fallback: templateFile });
    }
  } else {
    write(manifest.notFound, page(rendered));
  }
  count++;
}

write('routes.json', JSON.stringify(manifest, null, 2));
write('sitemap.xml', ssr.sitemapXml());
write('robots.txt', ssr.robotsTxt());
write('_headers', headersFile(headers));
// The server build stays beside the site for the routes rendered on request (never served as a file).
rmSync(join(dist, '_server'), { recursive: true, force: true });
cpSync(ssrDir, join(dist, '_server'), { recursive: true });
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${count} pages into ${dist}`);
