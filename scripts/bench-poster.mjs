// Part of `pnpm bench:web` (a benchmark, not a test): the poster creator's JS weight from the site's build
// manifest, and the time Chromium takes to export an A4 poster at 300 dpi as PNG and as PDF.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBenchBrowser, median } from './bench-browser.mjs';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** JS the creator's route loads beyond what every page loads (its page chunk and its own imports). */
export function creatorWeight(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const walk = (key, seen) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, seen);
    return seen;
  };
  // Everything the entry or any other page can load is shared; the rest is the creator's alone (static and
  // dynamic imports: the PDF library loads only on export, but only on this route).
  const walkAll = (key, seen) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      walkAll(dep, seen);
    return seen;
  };
  const creatorPage = 'src/features/posters/PosterCreatorPage.tsx';
  const shared = new Set();
  walk('index.html', shared);
  for (const key of Object.keys(manifest))
    if (key !== creatorPage && /^src\/features\/.*Page\.tsx$/.test(key)) walk(key, shared);
  const creator = [...walkAll(creatorPage, new Set())].filter((k) => !shared.has(k));
  const onOpen = new Set([...walk(creatorPage, new Set())].filter((k) => !shared.has(k)));
  const measure = (keys) => {
    let raw = 0;
    let gzip = 0;
    for (const k of keys) {
      const body = readFileSync(join(dist, manifest[k].file));
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { chunks: keys.length, raw, gzip };
  };
  return {
    open: measure([...onOpen]),
    all: measure(creator),
    files: new Set(creator.map((k) => manifest[k].file)),
  };
}

export async function exportTimes({ appDir, chromePath, chromeFlags, runs = 3 }) {
  const { build } = await import('vite');
  const out = mkdtempSync(join(tmpdir(), 'bench-poster-'));
  try {
    await build({
      root: appDir,
      configFile: join(appDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        outDir: out,
        emptyOutDir: true,
        manifest: false,
        rollupOptions: { input: join(appDir, 'bench/poster-export.html') },
      },
    });
    const types = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.woff': 'font/woff',
      '.woff2': 'font/woff2',
    };
    const server = createServer((req, res) => {
      const path = join(out, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      try {
        const body = readFileSync(path);
        res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const browser = await launchBenchBrowser({ chromePath, chromeFlags });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/bench/poster-export.html`);
      await page.waitForFunction(() => typeof window.runPosterExport === 'function');
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await page.evaluate(() => window.runPosterExport()));
      return results;
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function reportPoster({ dist, appDir, chromePath, chromeFlags, firstRenderFiles }) {
  const w = creatorWeight(dist);
  const leaked = [...firstRenderFiles].filter((f) => w.files.has(f.replace(/^\//, '')));
  console.log('\nPoster creator\n');
  console.log(
    `JS of /poster-creator beyond the shared chunks: ${kb(w.open.gzip)} gzip (${kb(w.open.raw)} raw, ${w.open.chunks} chunks) to open the editor; ${kb(w.all.gzip)} gzip (${kb(w.all.raw)} raw) with the PDF export loaded`,
  );
  console.log(`in any public route's first render: ${leaked.length ? `YES (${leaked.join(', ')})` : 'none'}`);
  const runs = await exportTimes({ appDir, chromePath, chromeFlags });
  const png = median(runs.map((r) => r.pngMs));
  const pdf = median(runs.map((r) => r.pdfMs));
  console.log(
    `A4 export at 300 dpi, median of ${runs.length}: PNG ${(png / 1000).toFixed(2)} s (${kb(runs[0].pngBytes)}), PDF ${(pdf / 1000).toFixed(2)} s (${kb(runs[0].pdfBytes)}) — aim < 3 s: ${png < 3000 && pdf < 3000 ? 'met' : 'MISSED'}`,
  );
}
