#!/usr/bin/env node
// Benchmark, not a test: what the served article page, /sitemap.xml and /feed.xml cost per request now that the
// server checks the article's version with the backend before reusing a rendering (apps/web/README.md, "Rendered on
// request"). Starts a seeded local backend, builds apps/web against it (unless --no-build: then dist/ must have been
// built against a backend on the same URL — use without --no-build), and measures each path on a warm server:
// the median time of 50 sequential requests, and requests per second with 8 concurrent clients for 3 s.
// Usage: node scripts/bench-articles.mjs [--no-build] [--server=<another serve.mjs to compare, e.g. an older one>]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const appDir = join(root, 'apps/web');
const dist = join(appDir, 'dist');
const args = process.argv.slice(2);
const other = args.find((a) => a.startsWith('--server='))?.slice('--server='.length);
// A seeded published article (supabase/seed.sql).
const paths = ['/articles/a7f0c3e2-0000-4000-8000-000000000001', '/sitemap.xml', '/feed.xml'];

const { tsImport } = await import('tsx/esm/api');
const { startBackend } = await tsImport('../packages/local-supabase/src/server.ts', import.meta.url);
const backendDir = mkdtempSync(join(tmpdir(), 'bench-articles-backend-'));
const backend = await startBackend({ port: 0, dataDir: backendDir });

try {
  if (!args.includes('--no-build')) {
    console.log('• building apps/web');
    const build = spawnSync('pnpm', ['--filter', '@pentland/web', 'run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_ANON_KEY: backend.anonKey },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const servers = [['this server', join(appDir, 'scripts/serve.mjs')]];
  if (other) servers.push([other, resolve(other)]);
  for (const [name, file] of servers) {
    const { createSiteServer } = await import(pathToFileURL(file).href);
    const server = createSiteServer({ root: dist, backend: { url: backend.url, anonKey: backend.anonKey } });
    await new Promise((done) => server.listen(0, '127.0.0.1', done));
    const port = server.address().port;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const get = (path) =>
      new Promise((done, fail) => {
        const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? done() : fail(new Error(`${path}: ${res.statusCode}`)),
          );
        });
        req.on('error', fail);
        req.end();
      });
    console.log(`\n${name}`);
    for (const path of paths) {
      for (let i = 0; i < 5; i++) await get(path); // rendered and held
      const times = [];
      for (let i = 0; i < 50; i++) {
        const t = performance.now();
        await get(path);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      let count = 0;
      const end = performance.now() + 3000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < end) {
            await get(path);
            count += 1;
          }
        }),
      );
      console.log(
        `  ${path.padEnd(50)} median ${times[25].toFixed(2).padStart(6)} ms   ${Math.round(count / 3)
          .toString()
          .padStart(5)} requests/s (8 clients)`,
      );
    }
    agent.destroy();
    await new Promise((done) => server.close(done));
  }
} finally {
  await backend.stop();
  rmSync(backendDir, { recursive: true, force: true });
}
