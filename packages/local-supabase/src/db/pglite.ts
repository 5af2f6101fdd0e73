/** PGlite in a worker thread: one session, statements in turn, a statement timeout by restarting the engine. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { quoteIdent } from '../text.ts';
import {
  StatementTimeout,
  type Database,
  type QueryResult,
  type Sql,
  type TransactionOptions,
} from './types.ts';

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
let pgliteAssets: Promise<{
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}> | null = null;
function loadPgliteAssets(): NonNullable<typeof pgliteAssets> {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    const data = readFileSync(path.join(dist, 'pglite.data'));
    return {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: data.buffer.slice(data.byteOffset, data.byteOffset + data.length),
    };
  })();
  return pgliteAssets;
}

/**
 * A worker thread whose engine closed cleanly, kept unreferenced (it keeps no process alive) for the next engine this
 * process opens: a new thread starts Node and loads PGlite's JavaScript again, about a quarter of an open's CPU time.
 * One is enough: the tests open backends one after another, and `npm start` opens one.
 */
let idleThread: { worker: Worker; onExit: () => void } | null = null;

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
  /** Removes this engine's listeners from its thread. */
  private detach: () => void = () => undefined;

  constructor(private dataDir: string) {
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    const idle = idleThread;
    idleThread = null;
    const worker = idle?.worker ?? new Worker(new URL('./pgliteWorker.mjs', import.meta.url));
    if (idle) {
      worker.off('exit', idle.onExit);
      worker.ref();
    }
    this.worker = worker;
    const onMessage = (m: WorkerMessage & { notify?: string; payload?: string }) => {
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
    };
    const onError = (err: Error) => this.failAll(err);
    const onExit = () => {
      if (this.worker === worker) {
        this.worker = null;
        this.failAll(new EngineStopped());
      }
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    this.detach = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    await this.post({ op: 'open', dataDir: this.dataDir, ...(await loadPgliteAssets()) });
    for (const channel of this.channels.keys())
      await this.post({ op: 'exec', sql: `listen ${quoteIdent(channel)}` });
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
    const closed = await this.post({ op: 'close' }).then(
      () => true,
      () => false,
    );
    this.worker = null;
    if (!closed || idleThread) {
      await worker.terminate();
      return;
    }
    this.detach();
    worker.unref();
    const onExit = () => {
      if (idleThread?.worker === worker) idleThread = null;
    };
    worker.once('exit', onExit);
    idleThread = { worker, onExit };
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
    const { version } = JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
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

export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    rmSync(pgdata, { recursive: true, force: true });
    cpSync(await pgliteTemplate(), pgdata, { recursive: true });
  }
  const engine = new PgliteWorker(dataDir);
  const lock = new Mutex();
  const result = <T>(m: WorkerMessage): QueryResult<T> => ({
    rows: m.rows as T[],
    affectedRows: Number(m.affectedRows ?? 0),
  });
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
        const out = await engine.call(
          { op: 'batch', tx: true, begin, rollback: options.rollback, steps: [{ text, params }] },
          options.timeoutMs,
        );
        return result<T>((out.results as WorkerMessage[])[0]!);
      }),
    transaction: (fn, prelude, options = {}) =>
      lock.run(async () => {
        const generation = engine.generation;
        const tx: Sql = {
          query: (text, params) =>
            engine.generation === generation
              ? query(text, params, options.timeoutMs)
              : Promise.reject(new StatementTimeout()),
        };
        // exec (the simple protocol) is one round trip into PGlite; query() takes six (parse, describe, bind…).
        await engine.call({ op: 'exec', sql: prelude ? `begin; ${prelude}` : 'begin' });
        try {
          const out = await fn(tx);
          if (engine.generation !== generation) throw new StatementTimeout();
          await engine.call({ op: 'exec', sql: 'commit' });
          return out;
        } catch (err) {
          if (engine.generation === generation)
            await engine.call({ op: 'exec', sql: 'rollback' }).catch(() => undefined);
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
