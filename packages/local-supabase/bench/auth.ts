/**
 * Auth benchmark (not a test): password sign-ins per second and refresh-token grants per second
 * with 16 concurrent clients, with the bcrypt cost printed beside them.
 *
 *   pnpm --filter @pentland/local-supabase exec tsx bench/auth.ts      (standalone)
 *   import { benchAuth } from './auth.ts'                               (from bench/backend.ts)
 *
 * Env: AUTH_BENCH_SECONDS (default 5 per phase), AUTH_BENCH_CONCURRENCY (16), AUTH_BCRYPT_COST (10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBackend, type RunningBackend } from '../src/server.ts';

export interface AuthBenchResult {
  hashCost: number;
  concurrency: number;
  seconds: number;
  signIns: number;
  signInsPerSecond: number;
  refreshes: number;
  refreshesPerSecond: number;
  failures: number;
}

/** Rate limits high enough not to throttle the benchmark (pass in `auth` when starting a backend for it). */
export const AUTH_BENCH_RATE_LIMITS = {
  signIn: 1e9,
  refresh: 1e9,
  signUp: 1e9,
  verify: 1e9,
  otp: 1e9,
  recover: 1e9,
  emailsPerHour: 1e9,
  emailInterval: 0,
};

async function call(
  url: string,
  key: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> | null> {
  const r = await fetch(`${url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as Record<string, unknown>;
  return r.ok ? json : null;
}

export async function benchAuth(
  backend: Pick<RunningBackend, 'url' | 'anonKey' | 'serviceRoleKey'> & {
    auth?: { settings?: { bcryptCost?: number } };
  },
  opts: { concurrency?: number; seconds?: number } = {},
): Promise<AuthBenchResult> {
  const concurrency = opts.concurrency ?? Number(process.env.AUTH_BENCH_CONCURRENCY ?? 16);
  const seconds = opts.seconds ?? Number(process.env.AUTH_BENCH_SECONDS ?? 5);
  const hashCost = backend.auth?.settings?.bcryptCost ?? 10;
  const run = `${Date.now().toString(36)}`;
  const users = Array.from({ length: concurrency }, (_, i) => ({
    email: `bench-${run}-${i}@pentland.test`,
    password: `Bench-pass-${i}`,
  }));
  for (const u of users) {
    const r = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: backend.serviceRoleKey,
        Authorization: `Bearer ${backend.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: u.email, password: u.password, email_confirm: true }),
    });
    if (!r.ok) throw new Error(`could not create bench user: ${r.status} ${await r.text()}`);
  }
  let failures = 0;

  // Phase 1: password sign-ins.
  let signIns = 0;
  let end = Date.now() + seconds * 1000;
  let t0 = performance.now();
  await Promise.all(
    users.map(async (u) => {
      while (Date.now() < end) {
        const s = await call(backend.url, backend.anonKey, '/token?grant_type=password', u);
        if (s?.access_token) signIns++;
        else failures++;
      }
    }),
  );
  const signInSeconds = (performance.now() - t0) / 1000;

  // Phase 2: refresh-token grants (each client follows its own rotating chain).
  const sessions = await Promise.all(
    users.map((u) => call(backend.url, backend.anonKey, '/token?grant_type=password', u)),
  );
  let refreshes = 0;
  end = Date.now() + seconds * 1000;
  t0 = performance.now();
  await Promise.all(
    sessions.map(async (s) => {
      let token = String(s?.refresh_token ?? '');
      while (Date.now() < end) {
        const next = await call(backend.url, backend.anonKey, '/token?grant_type=refresh_token', {
          refresh_token: token,
        });
        if (next?.refresh_token) {
          token = String(next.refresh_token);
          refreshes++;
        } else {
          failures++;
          break;
        }
      }
    }),
  );
  const refreshSeconds = (performance.now() - t0) / 1000;
  return {
    hashCost,
    concurrency,
    seconds,
    signIns,
    signInsPerSecond: signIns / signInSeconds,
    refreshes,
    refreshesPerSecond: refreshes / refreshSeconds,
    failures,
  };
}

export function formatAuthBench(r: AuthBenchResult): string {
  return [
    `auth: password sign-ins   ${r.signInsPerSecond.toFixed(1).padStart(8)} /s  (${r.concurrency} clients, bcrypt cost ${r.hashCost}, ${r.signIns} in ${r.seconds}s)`,
    `auth: refresh-token grants ${r.refreshesPerSecond.toFixed(1).padStart(7)} /s  (${r.concurrency} clients, rotation on, ${r.refreshes} in ${r.seconds}s)`,
    ...(r.failures ? [`auth: ${r.failures} failed requests`] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'auth-bench-'));
  const cost = Number(process.env.AUTH_BCRYPT_COST ?? 10);
  const backend = await startBackend({
    port: 0,
    dataDir,
    seed: false,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    auth: { autoconfirm: false, disableSignup: false, bcryptCost: cost, rateLimits: AUTH_BENCH_RATE_LIMITS },
  });
  try {
    console.log(`engine: ${backend.db.engine}`);
    console.log(formatAuthBench(await benchAuth(backend)));
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
