import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BackendConfig } from './config.js';
import type { Claims } from './jwt.js';
import { quoteIdent } from './text.js';

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface TransactionOptions {
  /** Literal SQL (no parameters) sent in the same round trip as BEGIN: the role, claims and settings. */
  prelude?: string;
  /**
   * The statement timeout in force (ms). PostgreSQL enforces it itself (the prelude sets `statement_timeout`);
   * on PGlite, which cannot interrupt a running statement, the worker running the engine is stopped and restarted.
   */
  timeoutMs?: number | null;
  /** End with ROLLBACK instead of COMMIT (PostgREST's `Prefer: tx=rollback`). */
  rollback?: boolean;
}

export interface Database extends Sql {
  /**
   * BEGIN/COMMIT/ROLLBACK around fn; serialised on PGlite (one connection). `prelude` (literal SQL, no
   * parameters) runs in the same round trip as BEGIN.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>, prelude?: string, options?: Omit<TransactionOptions, 'prelude'>): Promise<T>;
  /** One statement in its own transaction after `prelude`, in as few round trips as the engine allows. */
  run<T = Record<string, unknown>>(text: string, params: unknown[], options?: TransactionOptions): Promise<QueryResult<T>>;
  /** Runs a script of several statements (platform SQL, migrations, seed). */
  exec(script: string): Promise<void>;
  /**
   * LISTEN on a channel; `onPayload` receives each NOTIFY payload after the notifying transaction commits.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  engine: 'pglite' | 'postgres';
  /** Settings applied to requests per API role (as PostgREST applies the impersonated role's settings). */
  roleSettings: Map<RequestRole, RoleSettings>;
}

export interface RoleSettings {
  /** `name → value` of the settings of the role (over those of `authenticator`), applied per transaction. */
  settings: Map<string, string>;
  /** `statement_timeout` in ms, null when none. */
  timeoutMs: number | null;
  /** `plan_filter.statement_cost_limit` (Supabase's pg_plan_filter): reads estimated above it are refused. */
  costLimit: number | null;
  /** `local_supabase.answer_bytes_limit`: reads with embeds whose estimated answer is larger are refused. */
  answerBytesLimit: number | null;
}

/**
 * On PGlite one statement holds the only engine until it ends or its timeout stops it, so a read that an anonymous
 * or signed-in client can make costly (embeds fan out level by level) would stall every other request; unless the
 * project sets `plan_filter.statement_cost_limit` on the role, reads estimated above this are refused there. About
 * a 1,000-row read with a to-one embed; a few hundred ms of engine time on this machine.
 */
export const PGLITE_DEFAULT_COST_LIMIT = 2500;
const COST_LIMIT = 'plan_filter.statement_cost_limit';

/**
 * On PGlite the engine's time for a read grows with the bytes it renders (a 3.6 MB two-level embed holds the engine
 * ~0.5 s, a 100 KB one ~30 ms), which the plan's cost does not weigh; unless the role sets
 * `local_supabase.answer_bytes_limit`, an anonymous or signed-in read with embeds whose planned answer exceeds this
 * is refused before it runs, so one client cannot hold every other behind it.
 */
export const PGLITE_DEFAULT_ANSWER_BYTES = 1024 * 1024;
const ANSWER_LIMIT = 'local_supabase.answer_bytes_limit';

/** The error PostgreSQL raises when a statement exceeds `statement_timeout`. */
export class StatementTimeout extends Error {
  code = '57014';
  severity = 'ERROR';
  constructor() {
    super('canceling statement due to statement timeout');
  }
}

/** The engine stopped under a statement (it is restarted): PostgreSQL's "terminating connection". */
class EngineStopped extends Error {
  code = '57P01';
  severity = 'FATAL';
  constructor() {
    super('terminating connection because the database engine stopped');
  }
}

/** A FIFO lock: PGlite has one session, so every statement and transaction takes turns. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}


type WorkerMessage = { id: number; error?: Record<string, unknown> } & Record<string, unknown>;
type Pending = { resolve: (m: WorkerMessage) => void; reject: (e: Error) => void; timer?: NodeJS.Timeout };

function rebuildError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message)) as Error & Record<string, unknown>;
  for (const [k, v] of Object.entries(fields)) if (k !== 'message') err[k] = v;
  return err;
}

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker (a restart, or each backend a test
 * starts, would otherwise compile ~10 MB again), with the file-system bundle it unpacks at start.
 */
let pgliteAssets: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: ArrayBuffer }> | null = null;
function loadPgliteAssets(): NonNullable<typeof pgliteAssets> {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    const data = readFileSync(path.join(dist, 'pglite.data'));
    return { pgliteWasmModule, initdbWasmModule, fsBundle: data.buffer.slice(data.byteOffset, data.byteOffset + data.length) };
  })();
  return pgliteAssets;
}

/**
 * PGlite in a worker thread. The main thread never runs the engine, so a long statement delays only the requests
 * queued behind it; one that outlives its timeout is stopped by terminating the worker, which then reopens the data
 * directory (PostgreSQL's crash recovery: committed work stays, the stopped transaction is gone).
 */
class PgliteWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private pending = new Map<number, Pending>();
  private ready: Promise<void>;
  /** Increases with every restart: a transaction begun in an earlier generation cannot go on. */
  generation = 0;
  readonly channels = new Map<string, Set<(payload: string) => void>>();

  constructor(private dataDir: string) {
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url));
    this.worker = worker;
    worker.on('message', (m: WorkerMessage & { notify?: string; payload?: string }) => {
      if (m.notify !== undefined) {
        for (const cb of this.channels.get(m.notify) ?? []) cb(m.payload ?? '');
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error) p.reject(rebuildError(m.error));
      else p.resolve(m);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', () => {
      if (this.worker === worker) {
        this.worker = null;
        this.failAll(new EngineStopped());
      }
    });
    await this.post({ op: 'open', dataDir: this.dataDir, ...(await loadPgliteAssets()) });
    for (const channel of this.channels.keys()) await this.post({ op: 'exec', sql: `listen ${quoteIdent(channel)}` });
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  private post(msg: Record<string, unknown>, timeoutMs?: number | null): Promise<WorkerMessage> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new EngineStopped());
    const id = ++this.seq;
    return new Promise<WorkerMessage>((resolve, reject) => {
      const p: Pending = { resolve, reject };
      if (timeoutMs) p.timer = setTimeout(() => void this.restart(new StatementTimeout()), timeoutMs);
      this.pending.set(id, p);
      worker.postMessage({ ...msg, id });
    });
  }

  /** Stops the engine mid-statement and opens it again; what was in flight fails with `reason`. */
  private restart(reason: Error): Promise<void> {
    const old = this.worker;
    this.worker = null;
    this.generation++;
    this.failAll(reason);
    this.ready = (async () => {
      await old?.terminate();
      await this.start();
    })();
    return this.ready;
  }

  async call(msg: Record<string, unknown>, timeoutMs?: number | null): Promise<WorkerMessage> {
    await this.ready;
    if (!this.worker) {
      // It died on its own (e.g. the engine aborted): start a new one.
      await this.restart(new EngineStopped());
    }
    return this.post(msg, timeoutMs);
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    const worker = this.worker;
    if (!worker) return;
    await this.post({ op: 'close' }).catch(() => undefined);
    this.worker = null;
    await worker.terminate();
  }
}

/**
 * A freshly initialised PGlite cluster, made once per machine and PGlite version (initdb is most of a new backend's
 * start-up: seconds, where copying the result takes a fraction of one). Built aside and renamed into place, so
 * processes starting at once never see half of one.
 */
let template: Promise<string> | null = null;
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string };
    const dir = path.join(tmpdir(), `local-supabase-pglite-${version}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const building = mkdtempSync(`${dir}-building-`);
    const engine = new PgliteWorker(building);
    await engine.call({ op: 'query', text: 'select 1', params: [] });
    await engine.close();
    try {
      renameSync(path.join(building, 'pgdata'), dir);
    } catch {
      // Another process put one there first.
    }
    rmSync(building, { recursive: true, force: true });
    return dir;
  })().catch((err) => {
    template = null;
    throw err;
  });
  return template;
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    rmSync(pgdata, { recursive: true, force: true });
    cpSync(await pgliteTemplate(), pgdata, { recursive: true });
  }
  const engine = new PgliteWorker(dataDir);
  const lock = new Mutex();
  const result = <T>(m: WorkerMessage): QueryResult<T> => ({ rows: m.rows as T[], affectedRows: Number(m.affectedRows ?? 0) });
  const query = async <T>(text: string, params: unknown[] = [], timeoutMs?: number | null) =>
    result<T>(await engine.call({ op: 'query', text, params }, timeoutMs));
  return {
    engine: 'pglite',
    roleSettings: new Map(),
    query: (text, params) => lock.run(() => query(text, params)),
    exec: (script) =>
      lock.run(async () => {
        await engine.call({ op: 'exec', sql: script });
      }),
    run: <T>(text: string, params: unknown[], options: TransactionOptions = {}) =>
      lock.run(async () => {
        const begin = options.prelude ? `begin; ${options.prelude}` : 'begin';
        const out = await engine.call({ op: 'batch', tx: true, begin, rollback: options.rollback, steps: [{ text, params }] }, options.timeoutMs);
        return result<T>((out.results as WorkerMessage[])[0]!);
      }),
    transaction: (fn, prelude, options = {}) =>
      lock.run(async () => {
        const generation = engine.generation;
        const tx: Sql = {
          query: (text, params) =>
            engine.generation === generation ? query(text, params, options.timeoutMs) : Promise.reject(new StatementTimeout()),
        };
        // exec (the simple protocol) is one round trip into PGlite; query() takes six (parse, describe, bind…).
        await engine.call({ op: 'exec', sql: prelude ? `begin; ${prelude}` : 'begin' });
        try {
          const out = await fn(tx);
          if (engine.generation !== generation) throw new StatementTimeout();
          await engine.call({ op: 'exec', sql: 'commit' });
          return out;
        } catch (err) {
          if (engine.generation === generation) await engine.call({ op: 'exec', sql: 'rollback' }).catch(() => undefined);
          throw err;
        }
      }),
    async listen(channel, onPayload) {
      let set = engine.channels.get(channel);
      if (!set) {
        engine.channels.set(channel, (set = new Set()));
        await lock.run(() => engine.call({ op: 'exec', sql: `listen ${quoteIdent(channel)}` }));
      }
      set.add(onPayload);
      return async () => {
        const current = engine.channels.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        engine.channels.delete(channel);
        await lock.run(() => engine.call({ op: 'exec', sql: `unlisten ${quoteIdent(channel)}` }));
      };
    },
    close: () => lock.run(() => engine.close()),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // Pipeline mode: queries given to a client without waiting go out at once, so `run` sends BEGIN with the prelude,
  // the statement and COMMIT in one write and waits for one round trip (a client is still used by one caller at a
  // time: the pool hands it out, the caller waits for its answers).
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true } as ConstructorParameters<typeof pg.Pool>[0]);
  // A pooled connection that the server ends (a restart, an administrator) must not take the process with it: the
  // pool drops it and opens another at the next request.
  pool.on('error', (err) => console.error('[local-supabase] idle PostgreSQL connection failed:', err.message));
  const wrap = (c: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const r = await c.query(text, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    },
  });
  const base = wrap(pool);
  const transaction = async <T>(fn: (tx: Sql) => Promise<T>, prelude?: string, rollback = false): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(prelude ? `begin; ${prelude}` : 'begin');
      const out = await fn(wrap(client));
      await client.query(rollback ? 'rollback' : 'commit');
      return out;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };

  // One connection outside the pool receives notifications; it is opened at the first listen.
  const channels = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<InstanceType<typeof pg.Client>> | null = null;
  const listenerClient = (): Promise<InstanceType<typeof pg.Client>> => {
    listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (n) => {
        for (const cb of channels.get(n.channel) ?? []) cb(n.payload ?? '');
      });
      client.on('error', () => {
        // Reconnect and listen again on the next use.
        listener = null;
        if (channels.size) void listenerClient().then((c) => Promise.all([...channels.keys()].map((ch) => c.query(`listen ${quoteIdent(ch)}`))));
      });
      await client.connect();
      return client;
    })();
    return listener;
  };

  /**
   * One statement in its own transaction in one round trip: BEGIN and the prelude (one simple query), the statement
   * and COMMIT (or ROLLBACK) are written together. The first error in that order is the answer: a failed prelude
   * aborts the transaction, so the statement's own error then (25P02) would hide the cause, and the closing COMMIT
   * of an aborted transaction ends it as a ROLLBACK.
   */
  const run = async <T>(text: string, params: unknown[], options: TransactionOptions = {}): Promise<QueryResult<T>> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
      stream?.cork?.();
      const settled = [
        client.query(options.prelude ? `begin; ${options.prelude}` : 'begin'),
        client.query(text, params),
        client.query(options.rollback ? 'rollback' : 'commit'),
      ].map((p) => p.then((r) => ({ r }), (e: unknown) => ({ e })));
      stream?.uncork?.();
      const out = await Promise.all(settled);
      const failed = out.find((o): o is { e: unknown } => 'e' in o);
      if (failed) {
        // Errors without an SQLSTATE (the connection itself failed) leave the client unusable.
        if (!(failed.e as { code?: unknown }).code) broken = failed.e as Error;
        throw failed.e;
      }
      const r = (out[1] as { r: { rows: unknown[]; rowCount: number | null } }).r;
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    } finally {
      client.release(broken);
    }
  };

  return {
    engine: 'postgres',
    roleSettings: new Map(),
    query: base.query,
    exec: async (script) => {
      await pool.query(script);
    },
    run,
    transaction: (fn, prelude) => transaction(fn, prelude),
    async listen(channel, onPayload) {
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        await (await listenerClient()).query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(onPayload) || current.size > 0) return;
        channels.delete(channel);
        await (await listenerClient()).query(`unlisten ${quoteIdent(channel)}`);
      };
    },
    close: async () => {
      if (listener) await (await listener).end().catch(() => undefined);
      await pool.end();
    },
  };
}

export async function openDatabase(config: Pick<BackendConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const db = await openPglite(config.dataDir);
  await db.query('select 1');
  return db;
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/** The database role a request runs as, from its verified JWT claims (as PostgREST does). */
export function roleOf(claims: Claims): RequestRole {
  const role = claims.role;
  return role === 'authenticated' || role === 'service_role' ? role : 'anon';
}

/** PostgreSQL's units for time settings (`statement_timeout`'s default unit is ms). */
export function settingMs(value: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  if (!m) return null;
  const factor = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 'ms'] ?? 1;
  const ms = Number(m[1]) * factor;
  return ms > 0 ? ms : null;
}

/**
 * Reads the settings PostgREST applies per request: those of `authenticator` (its login role), overridden by those
 * of the impersonated role; database-specific ones over cluster-wide ones; only settings a plain user may set.
 */
export async function loadRoleSettings(db: Database): Promise<void> {
  const { rows } = await db.query<{ role: string; name: string; value: string }>(
    `select r.rolname::text as role, split_part(kv, '=', 1) as name, substr(kv, strpos(kv, '=') + 1) as value
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as kv
      where (split_part(kv, '=', 1) in ('${COST_LIMIT}', '${ANSWER_LIMIT}') or kv like 'pgrst.%'
             or exists (select 1 from pg_settings ps where ps.name = split_part(kv, '=', 1) and ps.context = 'user'))
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and r.rolname in ('authenticator', 'anon', 'authenticated', 'service_role')
      order by r.rolname = 'authenticator' desc, s.setdatabase`,
  );
  const base = new Map<string, string>();
  for (const r of rows) if (r.role === 'authenticator') base.set(r.name, r.value);
  db.roleSettings.clear();
  for (const role of ['anon', 'authenticated', 'service_role'] as const) {
    const settings = new Map(base);
    for (const r of rows) if (r.role === role) settings.set(r.name, r.value);
    const timeout = settings.get('statement_timeout');
    const cost = Number(settings.get(COST_LIMIT) ?? (db.engine === 'pglite' && role !== 'service_role' ? PGLITE_DEFAULT_COST_LIMIT : NaN));
    const bytes = Number(settings.get(ANSWER_LIMIT) ?? (db.engine === 'pglite' && role !== 'service_role' ? PGLITE_DEFAULT_ANSWER_BYTES : NaN));
    settings.delete(COST_LIMIT);
    settings.delete(ANSWER_LIMIT);
    db.roleSettings.set(role, {
      settings,
      timeoutMs: timeout === undefined ? null : settingMs(timeout),
      costLimit: cost > 0 ? cost : null,
      answerBytesLimit: bytes > 0 ? bytes : null,
    });
  }
}

const literal = (v: string): string => `'${v.replace(/'/g, "''")}'`;

/** The role switch, claims and role settings of a request, as one literal statement for the BEGIN round trip. */
export function requestPrelude(db: Database, claims: Claims, request: Record<string, string> = {}): TransactionOptions {
  const role = roleOf(claims);
  const own = db.roleSettings.get(role);
  const sets = [
    `set_config('role', ${literal(role)}, true)`,
    // As PostgREST 12: the claims as one JSON setting (auth.uid() and friends read it).
    `set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true)`,
  ];
  // request.method, request.path, request.headers, request.cookies, as PostgREST sets them.
  for (const [name, value] of Object.entries(request)) sets.push(`set_config(${literal(`request.${name}`)}, ${literal(value)}, true)`);
  for (const [name, value] of own?.settings ?? []) {
    // PGlite cannot interrupt a statement itself; its worker enforces the timeout instead.
    if (name === 'statement_timeout' && db.engine === 'pglite') continue;
    sets.push(`set_config(${literal(name)}, ${literal(value)}, true)`);
  }
  return { prelude: `select ${sets.join(', ')}`, timeoutMs: own?.timeoutMs ?? null };
}

/**
 * Runs fn in one transaction as the request's role with `request.jwt.claims` and the role's settings (such as
 * `statement_timeout`) in force, so RLS decides and a costly statement is stopped.
 */
export function withRequestRole<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { prelude, timeoutMs } = requestPrelude(db, claims);
  return db.transaction(fn, prelude, { timeoutMs });
}

/** One statement as the request's role, in one transaction (one round trip into PGlite). */
export function queryAs<T = Record<string, unknown>>(
  db: Database,
  claims: Claims,
  text: string,
  params: unknown[],
  options: { request?: Record<string, string>; rollback?: boolean; readOnly?: boolean } = {},
): Promise<QueryResult<T>> {
  const { prelude, timeoutMs } = requestPrelude(db, claims, options.request);
  // As PostgREST runs GET and HEAD: a read-only transaction, so a write in a function called by GET is refused (25006).
  return db.run<T>(text, params, { prelude: options.readOnly ? `set transaction read only; ${prelude}` : prelude, timeoutMs, rollback: options.rollback });
}
