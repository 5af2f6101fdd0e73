/**
 * Realtime benchmark (a section of `pnpm bench:backend`, or alone: `tsx bench/realtime.ts`): SUBSCRIBERS signed-in
 * users, each on its own WebSocket, subscribed to one table; RATE inserts per second for SECONDS seconds.
 *
 * The table's policy lets a user read rows for everyone and rows for their own group; inserts alternate between
 * the two, so half the rows reach every subscriber and half reach half of them — RLS is decided per subscriber
 * (200 distinct claims) under load. Reported: deliveries against the expected count (sent × entitled), latency
 * from commit (the insert's return in the server process) to receipt (in the subscribers' process), the server
 * process's memory, and REST read latency (from a third process) before and during the fan-out.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { signJwt } from '../src/jwt.ts';
import type { RunningBackend } from '../src/server.ts';

export interface RealtimeBenchOptions {
  subscribers?: number;
  rate?: number;
  seconds?: number;
  /**
   * `users`: each subscriber a different signed-in user (one RLS check per subscriber per change);
   * `visitors`: all anonymous with the same claims (the server checks once for all of them).
   */
  who?: 'users' | 'visitors';
}

interface Percentiles {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface RealtimeBenchResult {
  engine: string;
  who: 'users' | 'visitors';
  subscribers: number;
  sent: number;
  seconds: number;
  expected: number;
  delivered: number;
  wrongRows: number;
  latency: Percentiles;
  restBefore: Percentiles & { errors: number };
  restDuring: Percentiles & { errors: number };
  rssMb: { before: number; peak: number; after: number };
  /** Changes per batch and the server's time per change in checks (filters + RLS) and in sending. */
  batching: {
    batches: number;
    perBatch: number;
    largest: number;
    checkMsPerChange: number;
    sendMsPerChange: number;
  };
  heapMb: { before: number; peak: number };
}

const clientScript = fileURLToPath(new URL('./realtime-clients.mjs', import.meta.url));
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

/** A child process speaking the clients script's IPC protocol. */
function child(): { proc: ChildProcess; next: (event: string) => Promise<Record<string, unknown>> } {
  const proc = fork(clientScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<string, (m: Record<string, unknown>) => void>();
  let failure: Error | null = null;
  proc.on('message', (m: Record<string, unknown>) => {
    if (m.event === 'error') failure = new Error(String(m.message));
    const w = waiting.get(String(m.event));
    if (w) {
      waiting.delete(String(m.event));
      w(m);
    }
  });
  return {
    proc,
    next: (event) =>
      new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        waiting.set(event, resolve);
        proc.once('exit', () => reject(failure ?? new Error('client process exited')));
      }),
  };
}

export async function benchRealtime(
  b: RunningBackend,
  opts: RealtimeBenchOptions = {},
): Promise<RealtimeBenchResult> {
  const subscribers = opts.subscribers ?? Number(process.env.BENCH_RT_SUBSCRIBERS ?? 200);
  const rate = opts.rate ?? Number(process.env.BENCH_RT_RATE ?? 100);
  const seconds = opts.seconds ?? Number(process.env.BENCH_RT_SECONDS ?? 30);
  const who = opts.who ?? 'users';
  const table = `bench_feed_${randomUUID().slice(0, 8)}`;
  await b.db.exec(`
    create table public.${table} (id bigint generated always as identity primary key, audience text not null,
      body text not null, created_at timestamptz not null default now());
    alter table public.${table} enable row level security;
    create policy "everyone's rows and my group's" on public.${table} for select to authenticated
      using (audience = 'all' or audience = (auth.jwt() -> 'app_metadata' ->> 'group'));
    create policy "visitors see everyone's rows" on public.${table} for select to anon using (audience = 'all');
    alter publication supabase_realtime add table public.${table};`);

  const now = Math.floor(Date.now() / 1000);
  const tokens: string[] = [];
  for (let i = 0; i < subscribers && who === 'visitors'; i++) tokens.push(b.anonKey);
  for (let i = 0; i < subscribers && who === 'users'; i++) {
    const id = randomUUID();
    tokens.push(
      await signJwt(
        {
          sub: id,
          role: 'authenticated',
          aud: 'authenticated',
          iat: now,
          exp: now + 3600,
          app_metadata: { group: i % 2 ? 'odd' : 'even' },
        },
        b.config.jwtSecret,
      ),
    );
  }
  // Rows for everyone reach every subscriber; rows for the even group reach half the users and no visitor.
  const evenSubscribers = who === 'users' ? Math.ceil(subscribers / 2) : 0;

  const clients = child();
  const reader = child();
  try {
    clients.proc.send({ cmd: 'start', url: b.url, anonKey: b.anonKey, tokens, table });
    await clients.next('ready');

    const restArgs = {
      url: b.url,
      anonKey: b.anonKey,
      restPath: '/rest/v1/consultation_services?select=*&limit=5',
    };
    reader.proc.send({ cmd: 'rest', phase: 'before', seconds: 3, ...restArgs });
    const restBefore = (await reader.next('rest')) as { latency: Percentiles; errors: number };

    const memory = { before: process.memoryUsage(), peakRss: 0, peakHeap: 0 };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      memory.peakRss = Math.max(memory.peakRss, m.rss);
      memory.peakHeap = Math.max(memory.peakHeap, m.heapUsed);
    }, 250);

    reader.proc.send({ cmd: 'rest', phase: 'during', seconds: Math.max(1, seconds - 2), ...restArgs });
    const during = reader.next('rest');

    // Inserts on a fixed schedule (not back to back): the i-th at start + i / rate seconds.
    const statsBefore = b.realtime.changeStats();
    const commits: Record<number, number> = {};
    const audienceOf: Record<number, string> = {};
    const total = rate * seconds;
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const audience = i % 2 ? 'even' : 'all';
      pending.push(
        b.db
          .query<{ id: number | string }>(
            `insert into public.${table} (audience, body) values ($1, $2) returning id`,
            [audience, `message ${i}`],
          )
          .then((r) => {
            const id = Number(r.rows[0]!.id);
            commits[id] = performance.timeOrigin + performance.now();
            audienceOf[id] = audience;
          }),
      );
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - start) / 1000;
    await b.realtime.settled();
    await new Promise((r) => setTimeout(r, 2000));
    const restDuring = (await during) as { latency: Percentiles; errors: number };
    clearInterval(sampler);

    clients.proc.send({ cmd: 'finish', commits });
    const result = (await clients.next('result')) as {
      delivered: number;
      perRow: Record<string, number>;
      latency: Percentiles;
    };
    const entitled = (id: number) => (audienceOf[id] === 'all' ? subscribers : evenSubscribers);
    const expected = Object.keys(commits).reduce((sum, id) => sum + entitled(Number(id)), 0);
    const wrongRows = Object.keys(commits).filter(
      (id) => (result.perRow[id] ?? 0) !== entitled(Number(id)),
    ).length;
    const after = process.memoryUsage();
    const stats = b.realtime.changeStats();
    const batches = stats.batches - statsBefore.batches;
    const changes = stats.changes - statsBefore.changes;
    await b.db.exec(
      `alter publication supabase_realtime drop table public.${table}; drop table public.${table};`,
    );
    return {
      engine: b.db.engine,
      who,
      subscribers,
      sent: total,
      seconds: elapsed,
      expected,
      delivered: result.delivered,
      wrongRows,
      latency: result.latency,
      restBefore: { ...restBefore.latency, errors: restBefore.errors },
      restDuring: { ...restDuring.latency, errors: restDuring.errors },
      rssMb: { before: mb(memory.before.rss), peak: mb(memory.peakRss), after: mb(after.rss) },
      heapMb: { before: mb(memory.before.heapUsed), peak: mb(memory.peakHeap) },
      batching: {
        batches,
        perBatch: changes / Math.max(1, batches),
        largest: stats.largestBatch,
        checkMsPerChange: (stats.checkMs - statsBefore.checkMs) / Math.max(1, changes),
        sendMsPerChange: (stats.dispatchMs - statsBefore.dispatchMs) / Math.max(1, changes),
      },
    };
  } finally {
    clients.proc.kill();
    reader.proc.kill();
  }
}

const ms = (n: number) => n.toFixed(1);

export function formatRealtimeBench(results: RealtimeBenchResult[]): string {
  const first = results[0]!;
  const lines = [
    `Realtime fan-out: ${first.subscribers} subscribers (each on its own socket), ${first.sent} inserts at ${(first.sent / first.seconds).toFixed(0)}/s; ` +
      'users = each a different signed-in user (RLS checked per subscriber), visitors = anonymous (one check for all)',
    '| engine | subscribers | delivered / expected | rows with a wrong count | commit→receipt p50 | p90 | p99 | max | server RSS before → peak (MB) | heap peak (MB) | REST read p50 / p99 before | during fan-out | changes per batch | checks / sending per change |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const lost = r.expected - r.delivered;
    lines.push(
      `| ${r.engine} | ${r.who} | ${r.delivered} / ${r.expected}${lost ? ` (${lost > 0 ? `${lost} lost` : `${-lost} extra`})` : ''} | ${r.wrongRows} | ` +
        `${ms(r.latency.p50)} ms | ${ms(r.latency.p90)} ms | ${ms(r.latency.p99)} ms | ${ms(r.latency.max)} ms | ${r.rssMb.before} → ${r.rssMb.peak} | ` +
        `${r.heapMb.peak} | ${ms(r.restBefore.p50)} / ${ms(r.restBefore.p99)} ms | ${ms(r.restDuring.p50)} / ${ms(r.restDuring.p99)} ms` +
        `${r.restDuring.errors ? ` (${r.restDuring.errors} errors)` : ''} | ${r.batching.perBatch.toFixed(1)} (max ${r.batching.largest}) | ` +
        `${ms(r.batching.checkMsPerChange)} / ${ms(r.batching.sendMsPerChange)} ms |`,
    );
  }
  return lines.join('\n');
}

/** Both kinds of subscribers, one after the other, on one backend. */
export async function benchRealtimeAll(
  b: RunningBackend,
  opts: RealtimeBenchOptions = {},
): Promise<RealtimeBenchResult[]> {
  const kinds = (process.env.BENCH_RT_WHO ?? 'users,visitors').split(',') as ('users' | 'visitors')[];
  const results: RealtimeBenchResult[] = [];
  for (const who of kinds) results.push(await benchRealtime(b, { ...opts, who }));
  return results;
}

// Alone: `tsx bench/realtime.ts` (PGlite; DATABASE_URL for PostgreSQL).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { startBackend } = await import('../src/server.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'realtime-bench-'));
  const b = await startBackend({
    port: 0,
    dataDir,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  });
  try {
    console.log(formatRealtimeBench(await benchRealtimeAll(b)));
  } finally {
    await b.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
