/**
 * Backend benchmark (not a test): requests/s and p50/p99 latency through the HTTP API next to the engine's own
 * rate for the same SQL (same role switch, same statement, same transaction), and the overhead ratio
 * (engine rate ÷ HTTP rate), on PGlite and on PostgreSQL, at 1, 16 and 64 concurrent connections.
 *
 *   pnpm bench:backend                         (root)  — both engines; PostgreSQL from DATABASE_URL or a
 *                                                         throwaway cluster from /usr/lib/postgresql/15/bin
 *   BENCH_ENGINES=pglite BENCH_SECONDS=2 …     — one engine, longer cells
 *   BENCH_OPS=read,download BENCH_COLD=0 …     — only some rows, no cold-start measurement
 *
 * The table's HTTP load comes from a child process (bench/load.mjs, loopback only), so the server's event loop does
 * not also run the client; BENCH_CLIENT=same-process runs it in the server's process instead (the old setup, whose
 * figures include the client's own cost). The engine column runs the statement the server runs for that request
 * through the same Database with the same prelude and transaction shape (queryAs), from this process. Sections are functions returning rows of text; bench/auth.ts adds the Auth section,
 * bench/realtime.ts the Realtime fan-out (BENCH_REALTIME=0 skips it; its clients run in child processes).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryAs, type Database } from '../src/db.ts';
import { verifierFor } from '../src/http.ts';
import { signJwt } from '../src/jwt.ts';
import { MAX_EMBED_DEPTH } from '../src/rest/parse.ts';
import { startBackend, type RunningBackend } from '../src/server.ts';
import { objects } from '../src/storage/store.ts';
import { AUTH_BENCH_RATE_LIMITS } from './auth.ts';
import { request } from './http-request.mjs';
import { startThrowawayPostgres } from './pg.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,16,64').split(',').map(Number);

interface Cell {
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of this process (server and PGlite worker) per operation, µs: steadier than rates on a busy machine. */
  cpuUs?: number;
}

/** Highest resident memory of this process (server and PGlite worker; the load generator too with BENCH_CLIENT=same-process) seen while measuring. */
let rssPeak = 0;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Runs `op` from `concurrency` loops for SECONDS and reports throughput and latency percentiles (ms). */
async function measure(concurrency: number, op: () => Promise<boolean>): Promise<Cell> {
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  try {
    return await measureLoops(concurrency, op);
  } finally {
    clearInterval(sampler);
  }
}

async function measureLoops(concurrency: number, op: () => Promise<boolean>): Promise<Cell> {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < Math.min(20, concurrency * 2); i++) await op(); // warm-up
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await op().catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
  };
}

interface Fixture {
  articleId: string;
  userId: string;
  userToken: string;
  objectName: string;
  /** A real small PNG for the image transformation path. */
  imageName: string;
}

async function prepare(b: RunningBackend): Promise<Fixture> {
  const userId = randomUUID();
  const email = `bench-${userId.slice(0, 8)}@pentland.test`;
  await b.db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', '{}', now(), now())`,
    [userId, email],
  );
  const now = Math.floor(Date.now() / 1000);
  const userToken = await signJwt(
    { sub: userId, role: 'authenticated', aud: 'authenticated', email, iat: now, exp: now + 3600 },
    b.config.jwtSecret,
  );
  const art = await b.db.query<{ id: string }>(
    `insert into public.articles (author_id, title, slug, excerpt, content, status, published_at)
     values ($1, 'Benchmark article', $2, 'An article for the benchmark', $3, 'published', now()) returning id`,
    [userId, `bench-${userId.slice(0, 8)}`, 'Lorem ipsum '.repeat(200)],
  );
  const objectName = `bench/${userId}.png`;
  const png = Buffer.alloc(2048, 7);
  png.set([137, 80, 78, 71, 13, 10, 26, 10]);
  const res = await fetch(`${b.url}/storage/v1/object/article-images/${objectName}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${userToken}`,
      apikey: b.anonKey,
      'content-type': 'image/png',
      'cache-control': '3600',
    },
    body: png,
  });
  if (!res.ok) throw new Error(`bench upload failed: ${res.status} ${await res.text()}`);
  const imageName = `bench/${userId}-photo.png`;
  const { default: sharp } = await import('sharp');
  const photo = await sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: 11, g: 58, b: 91 } },
  })
    .png()
    .toBuffer();
  const img = await fetch(`${b.url}/storage/v1/object/article-images/${imageName}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${userToken}`, apikey: b.anonKey, 'content-type': 'image/png' },
    body: photo,
  });
  if (!img.ok) throw new Error(`bench image upload failed: ${img.status} ${await img.text()}`);
  return { articleId: art.rows[0]!.id, userId, userToken, objectName, imageName };
}

const READ_SQL = `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n
  from (select _t.* from public."articles" as _t where _t."id" = $1) _r`;
const UPDATE_SQL = `with _w as (update public."articles" as _t set "title" = _v."title"
  from json_populate_record(null::public."articles", $1::json) as _v where _t."id" = $2 returning _t.*)
  select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (select _t.* from _w as _t) _r`;

type Row = string[];

/** One HTTP request of the table, as the load generator sends it (`{n}` in the body counts up). */
interface HttpSpec {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  expect: number;
}

/**
 * The HTTP side of a cell: by default from a child process (bench/load.mjs), so the server's event loop and the
 * generator's do not share a thread; BENCH_CLIENT=same-process runs the loops in this process as before.
 */
interface LoadGenerator {
  run(url: string, spec: HttpSpec, concurrency: number): Promise<Cell>;
  close(): void;
  /** The client runs in this process (its CPU time would be counted as the server's). */
  inProcess: boolean;
}

function childGenerator(): LoadGenerator {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load.mjs', import.meta.url)), [], {
    execArgv: [],
    stdio: 'inherit',
  });
  let seq = 0;
  const waiting = new Map<number, (m: Cell & { error?: string }) => void>();
  child.on('message', (m: Cell & { id: number; error?: string }) => waiting.get(m.id)?.(m));
  return {
    async run(url, spec, concurrency) {
      const id = ++seq;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
      try {
        const m = await new Promise<Cell & { error?: string }>((resolve) => {
          waiting.set(id, resolve);
          child.send({
            id,
            url: new URL(spec.path, url).href,
            method: spec.method,
            headers: spec.headers,
            body: spec.body,
            expect: spec.expect,
            concurrency,
            seconds: SECONDS,
            warmup: Math.min(20, concurrency * 2),
          });
        });
        waiting.delete(id);
        if (m.error) throw new Error(m.error);
        return m;
      } finally {
        clearInterval(sampler);
      }
    },
    close: () => child.kill(),
    inProcess: false,
  };
}

function sameProcessGenerator(): LoadGenerator {
  let n = 0;
  return {
    async run(url, spec, concurrency) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      const target = new URL(spec.path, url);
      try {
        return await measure(
          concurrency,
          async () =>
            (await request(
              agent,
              target,
              spec.method,
              spec.headers,
              spec.body?.replaceAll('{n}', String(++n)),
            )) === spec.expect,
        );
      } finally {
        agent.destroy();
      }
    },
    close: () => undefined,
    inProcess: true,
  };
}

/** The headers a request arrives with at the server (Node lowercases them), as REST copies them into `request.headers`. */
function arrivingHeaders(b: RunningBackend, spec: HttpSpec): Record<string, string> {
  const h: Record<string, string> = { ...spec.headers, host: new URL(b.url).host, connection: 'keep-alive' };
  if (spec.body !== undefined) h['content-length'] = String(Buffer.byteLength(spec.body));
  return h;
}

async function dataSection(b: RunningBackend, f: Fixture): Promise<Row[]> {
  const db: Database = b.db;
  // The claims the server gets from verifying the tokens, and the per-request settings REST gives them.
  const anonClaims = await verifierFor(b.config).verify(b.anonKey);
  const userClaims = await verifierFor(b.config).verify(f.userToken);
  const read: HttpSpec = {
    path: `/rest/v1/articles?select=*&id=eq.${f.articleId}`,
    method: 'GET',
    headers: {
      apikey: b.anonKey,
      authorization: `Bearer ${b.anonKey}`,
      accept: 'application/vnd.pgrst.object+json',
    },
    expect: 200,
  };
  const update: HttpSpec = {
    path: `/rest/v1/articles?id=eq.${f.articleId}&select=*`,
    method: 'PATCH',
    headers: {
      apikey: b.anonKey,
      authorization: `Bearer ${f.userToken}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      accept: 'application/vnd.pgrst.object+json',
    },
    body: JSON.stringify({ title: 'Benchmark article {n}' }),
    expect: 200,
  };
  const requestSettings = (spec: HttpSpec) => ({
    method: spec.method,
    path: '/articles',
    headers: JSON.stringify(arrivingHeaders(b, spec)),
    cookies: '{}',
  });
  let n = 0;
  // The engine side of each row: the statement the server runs for that request, through the same Database (the
  // same PGlite worker or pg pool), with the same prelude (role, claims, request.* settings, role settings) and the
  // same transaction shape (queryAs: one round trip into PGlite), at the same concurrency.
  const ops: { name: string; http: HttpSpec; engine: () => Promise<boolean> }[] = [
    {
      name: 'anon article read by id',
      http: read,
      engine: async () =>
        (
          await queryAs(db, anonClaims, READ_SQL, [f.articleId], {
            request: requestSettings(read),
            readOnly: true,
          })
        ).rows.length === 1,
    },
    {
      name: 'authenticated article update',
      http: update,
      engine: async () =>
        (
          await queryAs(
            db,
            userClaims,
            UPDATE_SQL,
            [JSON.stringify({ title: `Benchmark article ${++n}` }), f.articleId],
            {
              request: requestSettings(update),
            },
          )
        ).rows.length === 1,
    },
    {
      name: 'public object download (2 KB)',
      http: {
        path: `/storage/v1/object/public/article-images/${f.objectName}`,
        method: 'GET',
        headers: {},
        expect: 200,
      },
      // Storage's own lookup of a public object (as the database owner, one statement).
      engine: async () => (await objects.findPublic(db, 'article-images', f.objectName)) !== null,
    },
    {
      // The render path: the object (one statement), then sharp; after the first request the rendering is cached.
      name: 'public image, width=24 (render)',
      http: {
        path: `/storage/v1/render/image/public/article-images/${f.imageName}?width=24`,
        method: 'GET',
        headers: {},
        expect: 200,
      },
      engine: async () => (await objects.findPublic(db, 'article-images', f.imageName)) !== null,
    },
  ];
  // BENCH_OPS=read,download: only the rows whose name contains one of these words.
  const only = process.env.BENCH_OPS?.split(',').filter(Boolean);
  if (only?.length) ops.splice(0, ops.length, ...ops.filter((op) => only.some((w) => op.name.includes(w))));
  const generator = process.env.BENCH_CLIENT === 'same-process' ? sameProcessGenerator() : childGenerator();
  const rows: Row[] = [];
  try {
    for (const op of ops) {
      for (const c of LEVELS) {
        let cpu = process.cpuUsage();
        const h = await generator.run(b.url, op.http, c);
        cpu = process.cpuUsage(cpu);
        h.cpuUs = (cpu.user + cpu.system) / h.ops;
        cpu = process.cpuUsage();
        const e = await measure(c, op.engine);
        cpu = process.cpuUsage(cpu);
        e.cpuUs = (cpu.user + cpu.system) / e.ops;
        rows.push([
          db.engine,
          op.name,
          String(c),
          h.perSecond.toFixed(0),
          h.p50.toFixed(2),
          h.p99.toFixed(2),
          generator.inProcess ? '–' : h.cpuUs.toFixed(0),
          e.perSecond.toFixed(0),
          e.p50.toFixed(2),
          e.p99.toFixed(2),
          e.cpuUs.toFixed(0),
          `${(e.perSecond / h.perSecond).toFixed(2)}×`,
          String(h.errors + e.errors),
        ]);
      }
    }
  } finally {
    generator.close();
  }
  return rows;
}

/** The deepest embed the API allows, alternating articles → author → articles …: its cost multiplies per level. */
function costliestSelect(depth: number): string {
  let s = '*';
  for (let i = depth; i > 0; i--) s = i % 2 === 1 ? `*,author:profiles(${s})` : `*,articles(${s})`;
  return s;
}

/**
 * The cost attack of issue 11: one anonymous client sends the costliest read it can, back to back, while 16 clients
 * read one article by id and one polls /auth/v1/health. Reports the readers' latency (aim: p99 < 200 ms) and what
 * the attacker got. The author has ARTICLES published articles, so every to-many level fans out.
 */
async function attackSection(b: RunningBackend, f: Fixture): Promise<string[]> {
  const ARTICLES = Number(process.env.BENCH_ATTACK_ARTICLES ?? 40);
  await b.db.query(
    `insert into public.articles (author_id, title, slug, excerpt, content, status, published_at)
     select $1, 'Fan-out ' || g, 'fan-out-' || g || '-' || $2, 'x', repeat('Lorem ipsum ', 150), 'published', now()
       from generate_series(1, $3::int) g`,
    [f.userId, f.userId.slice(0, 8), ARTICLES],
  );
  await b.db.query('analyze public.articles');
  const base = new URL(b.url);
  const anon = { apikey: b.anonKey, authorization: `Bearer ${b.anonKey}` };
  // The costliest read the server accepts: the deepest embed that is not refused up front.
  const urlFor = (depth: number) =>
    new URL(`/rest/v1/articles?select=${encodeURIComponent(costliestSelect(depth))}`, base);
  let depth = MAX_EMBED_DEPTH;
  const probe = new http.Agent({ keepAlive: false });
  while (depth > 1 && (await request(probe, urlFor(depth), 'GET', anon)) === 400) depth--;
  const attackUrl = urlFor(depth);
  const seconds = SECONDS * 4;
  const pct = (xs: number[], p: number) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(1);
  };
  // The same readers first without the attacker: the machine's own latency, to compare with.
  const baseline: number[] = [];
  {
    const stop = performance.now() + seconds * 1000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const url = new URL(`/rest/v1/articles?select=*&id=eq.${f.articleId}`, base);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < stop) {
          const t = performance.now();
          await request(agent, url, 'GET', anon).catch(() => 0);
          baseline.push(performance.now() - t);
        }
      }),
    );
    agent.destroy();
  }
  const end = performance.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  const attackTimes: number[] = [];
  const attacker = (async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < end) {
      const t = performance.now();
      const status = await request(agent, attackUrl, 'GET', anon).catch(() => 0);
      attackTimes.push(performance.now() - t);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  })();
  const loop = async (n: number, url: URL, headers: Record<string, string>, into: number[]) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: n });
    await Promise.all(
      Array.from({ length: n }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await request(agent, url, 'GET', headers).catch(() => 0);
          into.push(performance.now() - t);
        }
      }),
    );
    agent.destroy();
  };
  const reads: number[] = [];
  const health: number[] = [];
  await Promise.all([
    attacker,
    loop(16, new URL(`/rest/v1/articles?select=*&id=eq.${f.articleId}`, base), anon, reads),
    loop(1, new URL('/auth/v1/health', base), { apikey: b.anonKey }, health),
  ]);
  return [
    `[${b.db.engine}] cost attack, ${seconds}s: ${depth}-level embed (deeper ones refused up front) over ${ARTICLES} articles by one author`,
    `  attacker: ${attackTimes.length} requests, statuses ${[...statuses].map(([k, v]) => `${k}×${v}`).join(' ')}, p50 ${pct(attackTimes, 0.5)} ms, max ${pct(attackTimes, 1)} ms`,
    `  16 one-row readers, no attacker: ${(baseline.length / seconds).toFixed(0)} req/s, p50 ${pct(baseline, 0.5)} ms, p99 ${pct(baseline, 0.99)} ms`,
    `  16 one-row readers: ${(reads.length / seconds).toFixed(0)} req/s, p50 ${pct(reads, 0.5)} ms, p99 ${pct(reads, 0.99)} ms, max ${pct(reads, 1)} ms`,
    `  /auth/v1/health: p50 ${pct(health, 0.5)} ms, p99 ${pct(health, 0.99)} ms, max ${pct(health, 1)} ms`,
  ];
}

function table(rows: Row[]): string {
  const head = [
    'engine',
    'operation',
    'conc',
    'HTTP req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'engine ops/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/op',
    'overhead',
    'errors',
  ];
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: Row) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Extra sections (e.g. Auth) run on the same backend and print their own lines. */
type Section = (b: RunningBackend) => Promise<string>;

async function loadSections(): Promise<Section[]> {
  const sections: Section[] = [];
  if (process.env.BENCH_REALTIME !== '0') {
    const { benchRealtimeAll, formatRealtimeBench } = await import('./realtime.ts');
    sections.push(async (b) => formatRealtimeBench(await benchRealtimeAll(b)));
  }
  try {
    const auth = (await import('./auth.ts')) as {
      benchAuth?: (b: RunningBackend, o?: { seconds?: number }) => Promise<unknown>;
      formatAuthBench?: (r: never) => string;
    };
    if (auth.benchAuth && auth.formatAuthBench && process.env.BENCH_AUTH !== '0')
      sections.push(async (b) =>
        auth.formatAuthBench!((await auth.benchAuth!(b, { seconds: SECONDS * 2 })) as never),
      );
  } catch {
    // No auth bench yet.
  }
  return sections;
}

/** startBackend on a new and on an existing PGlite data directory (ms), and resident memory after each. */
async function coldStart(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backend-cold-'));
  const rss = () => `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`;
  try {
    let t = performance.now();
    let b = await startBackend({ port: 0, dataDir });
    const fresh = performance.now() - t;
    const rssFresh = rss();
    await b.stop();
    t = performance.now();
    b = await startBackend({ port: 0, dataDir });
    const existing = performance.now() - t;
    const rssIdle = rss();
    await b.stop();
    return `[pglite] cold start: new data directory ${fresh.toFixed(0)} ms (rss ${rssFresh}), existing ${existing.toFixed(0)} ms (rss ${rssIdle} at idle)`;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const rows: Row[] = [];
  const extra: string[] = [];
  const sections = await loadSections();
  if (engines.includes('pglite') && process.env.BENCH_COLD !== '0') extra.push(await coldStart());
  for (const engine of engines) {
    let pgServer: { url: string; stop(): Promise<void> } | null = null;
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      databaseUrl = process.env.DATABASE_URL;
      if (!databaseUrl) {
        try {
          pgServer = await startThrowawayPostgres();
          databaseUrl = pgServer.url;
        } catch (err) {
          console.error(`skipping PostgreSQL: ${(err as Error).message}`);
          continue;
        }
      }
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backend-bench-'));
    const b = await startBackend({
      port: 0,
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      auth: { autoconfirm: true, disableSignup: false, rateLimits: AUTH_BENCH_RATE_LIMITS },
    });
    try {
      const f = await prepare(b);
      if (process.env.BENCH_DATA !== '0') {
        const idle = process.memoryUsage().rss;
        rssPeak = 0;
        rows.push(...(await dataSection(b, f)));
        extra.push(
          `[${b.db.engine}] resident memory of the process (server${b.db.engine === 'pglite' ? ', PGlite worker' : ''}${process.env.BENCH_CLIENT === 'same-process' ? ' and load generator' : ''}): ${mib(idle)} idle before the table, peak ${mib(rssPeak)} during it (up to ${Math.max(...LEVELS)} connections)`,
        );
      }
      if (process.env.BENCH_ATTACK !== '0') extra.push((await attackSection(b, f)).join('\n'));
      for (const s of sections) extra.push(`[${b.db.engine}]\n${await s(b)}`);
    } finally {
      await b.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await pgServer?.stop();
    }
  }
  console.log(
    `\nlocal-supabase backend benchmark — ${SECONDS}s per cell, loopback, HTTP client ${process.env.BENCH_CLIENT === 'same-process' ? "in the server's process" : 'in a child process'}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    "overhead = engine ops/s ÷ HTTP req/s for the same SQL (1.00× = no overhead); CPU = this process's (server and PGlite worker) CPU time per request / per engine operation\n",
  );
  console.log(table(rows));
  if (extra.length) console.log(`\n${extra.join('\n\n')}`);
}

await main();
process.exit(0);
