#!/usr/bin/env node
// Benchmark of the public site, not a test: builds apps/web, prints for every prerendered public route the
// JS and CSS its first render needs (raw and gzip), then Lighthouse's mobile scores for every public route of the
// route table (an article's page as the seeded article) against the production server, ending with the routes below
// 100; the poster creator's JS weight and export times (scripts/bench-poster.mjs); the
// first tap on a page that starts its app on interaction (scripts/bench-first-tap.mjs); the first interactions' INP on
// the pages a visitor uses (scripts/bench-inp.mjs).
// Usage: pnpm bench:web [--no-build] [--no-lighthouse] [--no-poster] [--no-tap] [--no-inp] [--only=/,/services] [--issue]
//   [--lhr=<dir>]
//   [--port=54393]
// (--issue: Lighthouse on issue 18's seven pages only; --lhr=<dir>: keeps each page's Lighthouse JSON report there;
// --no-build reuses the last build of apps/web when it was made for the same backend port, else builds;
// --port: the local backend's port)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath as chromePath } from '../apps/web/scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const appDir = join(root, 'apps/web');
const dist = join(appDir, 'dist');
const args = new Set(process.argv.slice(2));
// Lighthouse drives a Chromium started here, so headless is a flag.
const chromeFlags = ['--headless=new', ...chromiumArgs];
// A seeded published article (supabase/seed.sql), served by a local backend the site is built against.
const seededArticle = '/articles/a7f0c3e2-0000-4000-8000-000000000001';
// Every public route of the site's route table (site-data), an article's page as the seeded article.
const { tsImport } = await import('tsx/esm/api');
const { routes: routeTable } = await tsImport('../packages/site-data/src/index.ts', import.meta.url);
const lighthousePaths = routeTable
  .filter((r) => r.access === 'public')
  .map((r) => (r.path === '/articles/:id' ? seededArticle : r.path));
if (lighthousePaths.some((p) => p.includes(':')))
  throw new Error(`a public route with a parameter: ${lighthousePaths}`);
// Issue 18's seven pages.
const issuePaths = [
  '/',
  '/services',
  '/services/cloud-infrastructure',
  '/pricing',
  '/providers',
  '/clients',
  '/contact',
];

const budgetJsGzip = 90 * 1024;

// The local backend (PGlite, seeded) for the article page; the site is built against it.
const { startBackend } = await tsImport('../packages/local-supabase/src/server.ts', import.meta.url);
const backendDir = mkdtempSync(join(tmpdir(), 'bench-web-backend-'));
// A fixed port (--port=, 54393 by default), so that --no-build can reuse a build made for the same backend.
const backendPort = Number(
  process.argv.find((a) => a.startsWith('--port='))?.slice('--port='.length) ?? 54393,
);
const backend = await startBackend({ port: backendPort, dataDir: backendDir });
// The seed's image addresses name the default local backend (127.0.0.1:54321); this one listens elsewhere, and the
// site's Content-Security-Policy allows images only from the backend it was built against (as in the e2e setup).
const { pointSeedImagesAt } = await import('../apps/web/scripts/local-backend.mjs');
await pointSeedImagesAt(backend.db, backend.url);
const stopBackend = async () => {
  await backend.stop();
  rmSync(backendDir, { recursive: true, force: true });
};

/** Whether apps/web/dist was built against this backend: its Content-Security-Policy (routes.json) names it. */
function builtForThisBackend() {
  try {
    return readFileSync(join(dist, 'routes.json'), 'utf8').includes(new URL(backend.url).host);
  } catch {
    return false;
  }
}
const reuse = args.has('--no-build') && builtForThisBackend();
if (args.has('--no-build') && !reuse)
  console.log(
    `• --no-build: the last build was not made for ${backend.url} (its images and API would break the CSP)`,
  );
if (!reuse) {
  console.log('• building apps/web');
  const build = spawnSync('pnpm', ['--filter', '@pentland/web', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_ANON_KEY: backend.anonKey },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const routes = JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

// What the browser fetches to show and hydrate a page: the stylesheets, the entry script and the modules it loads after
// the first paint — the page's chunks (listed in its data-modules) and the app's boot chunk with its static imports.
// A page that is read rather than used (data-start="interaction" on its entry) loads only the entry with the page;
// the rest is what its app costs once the visitor begins to interact.
// A page served as islands (data-start="islands") loads src/hydrateIslands.tsx and its islands instead of the boot.
const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const islandsEntry = 'src/hydrateIslands.tsx';
const withImports = (keys) => {
  const files = new Set();
  const add = (key) => {
    const c = viteManifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const child of c.imports ?? []) add(child);
  };
  keys.forEach(add);
  return files;
};
const entryDynamic = viteManifest['index.html'].dynamicImports ?? [];
const bootFiles = withImports(entryDynamic.filter((key) => key !== islandsEntry));
const islandsFiles = withImports([islandsEntry]);
function firstRenderAssets(html) {
  const js = new Set();
  const onStart = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1]);
  const app = /<script type="module"[^>]*data-start="interaction"/.test(html) ? onStart : js;
  for (const m of html.matchAll(/<script type="module"[^>]*data-modules="([^"]*)"/g))
    for (const url of m[1].split(/\s+/).filter(Boolean)) app.add(url);
  const islands = /<script type="module"[^>]*data-start="islands"/.test(html);
  for (const file of islands ? islandsFiles : bootFiles) app.add(`/${file}`);
  for (const m of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(m[1]);
  return { js: [...js], onStart: [...onStart].filter((f) => !js.has(f)), css: [...css] };
}

const sizes = new Map();
function size(url) {
  if (!sizes.has(url)) {
    const body = readFileSync(join(dist, url));
    sizes.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return sizes.get(url);
}
const sum = (urls) =>
  urls.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });

console.log('\nAssets to show and hydrate each public route (gzip level 9)\n');
console.log(
  `${pad('route', 34)}${lpad('JS raw', 11)}${lpad('JS gzip', 11)}${lpad('CSS raw', 11)}${lpad('CSS gzip', 11)}${lpad('HTML gzip', 11)}${lpad('app on interaction, gzip', 26)}`,
);
let homeJsGzip = 0;
let homeOnStartGzip = 0;
const publicFirstRender = new Set();
for (const [path, file] of Object.entries(routes.pages)) {
  const html = readFileSync(join(dist, file), 'utf8');
  if (/content="noindex, nofollow"/.test(html)) continue; // signed-in and admin shells
  const { js, onStart, css } = firstRenderAssets(html);
  for (const f of [...js, ...onStart]) publicFirstRender.add(f);
  const j = sum(js);
  const o = sum(onStart);
  const c = sum(css);
  if (path === '/') [homeJsGzip, homeOnStartGzip] = [j.gzip, o.gzip];
  console.log(
    `${pad(path, 34)}${lpad(kb(j.raw), 11)}${lpad(kb(j.gzip), 11)}${lpad(kb(c.raw), 11)}${lpad(kb(c.gzip), 11)}${lpad(kb(gzipSync(html).length), 11)}${lpad(onStart.length ? kb(o.gzip) : '— (at load)', 26)}`,
  );
}
console.log(
  `\nfirst-load JS of /: ${kb(homeJsGzip)} gzip (aim ≤ ${kb(budgetJsGzip)}: ${homeJsGzip <= budgetJsGzip ? 'met' : 'MISSED'}); ` +
    `its app, fetched when the visitor begins to interact: ${kb(homeOnStartGzip)} gzip`,
);

if (!args.has('--no-poster')) {
  const { reportPoster } = await import('./bench-poster.mjs');
  await reportPoster({ dist, appDir, chromePath, chromeFlags, firstRenderFiles: publicFirstRender });
}

// The editor's code: what /article-editor loads beyond the entry, and proof that no public page loads it.
const entryFiles = new Set([
  viteManifest['index.html'].file,
  ...(viteManifest['index.html'].imports ?? []).map((k) => viteManifest[k].file),
  ...bootFiles,
]);
const editorFiles = new Set();
const visit = (key) => {
  const c = viteManifest[key];
  if (!c || editorFiles.has(c.file) || entryFiles.has(c.file)) return;
  editorFiles.add(c.file);
  for (const child of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visit(child);
};
visit('src/features/articles/editor/ArticleEditorPage.tsx');
const editorJs = sum([...editorFiles].filter((f) => f.endsWith('.js')));
const editorChunk = viteManifest['src/features/articles/editor/ArticleEditorPage.tsx'].file;
const publicWithEditor = Object.values(routes.pages)
  .map((file) => readFileSync(join(dist, file), 'utf8'))
  .filter((html) => !/content="noindex, nofollow"/.test(html) && html.includes(editorChunk));
console.log(
  `\n/article-editor page code (beyond the entry, with its imports): ${kb(editorJs.raw)} raw, ${kb(editorJs.gzip)} gzip; ` +
    `public pages that load it: ${publicWithEditor.length}`,
);

// Time to first byte of the article page rendered on request: the first request after the server starts (code and
// backend client loading), the first of another article (render, not cached), and a cached one.
{
  const { createSiteServer } = await import(join(appDir, 'scripts/serve.mjs'));
  // This run's backend, whatever the build in dist/ was made for (with --no-build, an address that may not answer).
  // Waiting on the backend unbounded (in production 300 ms, then the fallback): this times the rendering itself.
  const server = createSiteServer({
    root: dist,
    backend: { url: backend.url, anonKey: backend.anonKey },
    waitMs: 60_000,
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const ttfb = async (path) => {
    const t = performance.now();
    const res = await fetch(base + path);
    const ms = performance.now() - t;
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    // The client-rendered fallback (backend unreachable) also answers 200: time only the article rendered on request.
    if (!html.includes('data-start="islands"'))
      throw new Error(`${path} was not rendered on request (backend unreachable?)`);
    return ms;
  };
  const cold = await ttfb(seededArticle);
  const uncached = await ttfb('/articles/dynamics-365-for-growing-teams');
  const warm = [];
  for (let i = 0; i < 20; i++) warm.push(await ttfb(seededArticle));
  warm.sort((a, b) => a - b);
  console.log(
    `\n${seededArticle} time to first byte: server cold ${cold.toFixed(0)} ms, render not cached ${uncached.toFixed(0)} ms, ` +
      `cached median ${warm[10].toFixed(1)} ms (20 requests)`,
  );
  server.close();
}

if (args.has('--no-lighthouse')) {
  await stopBackend();
  process.exit(0);
}

const { createSiteServer } = await import(join(appDir, 'scripts/serve.mjs'));
const { default: lighthouse } = await import('lighthouse');

// As above, the article rendered on request whatever this machine's load makes the backend take.
const server = createSiteServer({
  root: dist,
  backend: { url: backend.url, anonKey: backend.anonKey },
  waitMs: 60_000,
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

if (!args.has('--no-tap')) {
  const { reportFirstTap } = await import('./bench-first-tap.mjs');
  await reportFirstTap({ base, chromePath, chromeFlags });
}

// --only=/,/services limits Lighthouse and the INP measurement to those paths.
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

if (!args.has('--no-inp')) {
  const { reportInp } = await import('./bench-inp.mjs');
  await reportInp({ base, chromePath, chromeFlags, only });
}

const profile = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
const chrome = spawn(
  chromePath,
  [...chromeFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
  {
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
const port = await new Promise((resolve, reject) => {
  let err = '';
  const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 30_000);
  chrome.stderr.on('data', (d) => {
    err += d;
    const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
    if (m) {
      clearTimeout(timer);
      resolve(Number(m[1]));
    }
  });
  chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${err}`)));
});

console.log('\nLighthouse, mobile preset (simulated throttling)\n');
console.log(
  `${pad('route', 48)}${lpad('performance', 13)}${lpad('accessibility', 15)}${lpad('best-practices', 16)}${lpad('SEO', 6)}`,
);
const failures = [];
const below = [];
try {
  const lhrDir = process.argv.find((a) => a.startsWith('--lhr='))?.slice('--lhr='.length);
  if (lhrDir) mkdirSync(lhrDir, { recursive: true });
  for (const path of only ?? (args.has('--issue') ? issuePaths : lighthousePaths)) {
    const run = () =>
      lighthouse(`${base}${path}`, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    let result = await run();
    // Lighthouse's own advice when its trace recording fails (e.g. NO_NAVSTART): run it again — once.
    if (result.lhr.runtimeError) {
      console.log(`${pad(path, 48)}Lighthouse: ${result.lhr.runtimeError.code}; running it again`);
      result = await run();
    }
    if (lhrDir)
      writeFileSync(join(lhrDir, `${path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
    const cats = result.lhr.categories;
    const score = (c) => lpad(Math.round((c?.score ?? 0) * 100), 0);
    console.log(
      `${pad(path, 48)}${lpad(score(cats.performance), 13)}${lpad(score(cats.accessibility), 15)}${lpad(score(cats['best-practices']), 16)}${lpad(score(cats.seo), 6)}`,
    );
    for (const [name, cat] of Object.entries(cats)) {
      if (name === 'performance') continue;
      for (const ref of cat.auditRefs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          failures.push(`${path}  ${name}: ${audit.id} — ${audit.title}`);
      }
    }
    const m = result.lhr.audits;
    const short = Object.entries(cats)
      .filter(([, c]) => Math.round((c?.score ?? 0) * 100) < 100)
      .map(([name, c]) => `${name} ${Math.round((c?.score ?? 0) * 100)}`);
    if (short.length)
      below.push(`${pad(path, 48)}${short.join(', ')} (TBT ${m['total-blocking-time'].displayValue})`);
    // What the page really fetched during Lighthouse's load (no interaction), as transferred (gzip).
    const scriptBytes =
      m['resource-summary'].details.items.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
    console.log(
      `${' '.repeat(48)}FCP ${m['first-contentful-paint'].displayValue}, LCP ${m['largest-contentful-paint'].displayValue}, TBT ${m['total-blocking-time'].displayValue}, CLS ${m['cumulative-layout-shift'].displayValue}, JS fetched ${kb(scriptBytes)}`,
    );
  }
} finally {
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  chrome.kill('SIGTERM');
  await exited;
  server.close();
  await stopBackend();
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
if (failures.length) console.log(`\nAudits short of 100:\n  ${failures.join('\n  ')}`);
// Last, so that the end of the output says what is left.
console.log(
  below.length
    ? `\nRoutes below 100 (${below.length}):\n  ${below.join('\n  ')}`
    : '\nEvery route scored 100 in all four categories.',
);
