/**
 * The worker behind the local `net` schema (src/platform/60_net.sql), as pg_net's background worker: woken by a
 * NOTIFY when a transaction that queued requests commits (and once at start for what is left), it takes the queued
 * requests, sends them concurrently with their timeout and stores each answer — or the error — in
 * net._http_response, deleting answers older than six hours. stop() aborts the requests under way.
 */
import type { Database } from './db.ts';

export interface NetWorker {
  /** Sends everything queued now and waits for it. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface Queued {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
  params: Record<string, unknown> | null;
}

const BATCH = 50;
const TTL = '6 hours';

/** Starts the worker, when the database has the local `net` schema (not where pg_net itself runs). */
export async function startNet(db: Database): Promise<NetWorker | null> {
  const local = await db.query<{ local: boolean }>(`select to_regproc('net._wake') is not null as local`);
  if (!local.rows[0]?.local) return null;

  let stopped = false;
  const abort = new AbortController();

  async function send(q: Queued): Promise<void> {
    const url = new URL(q.url);
    for (const [k, v] of Object.entries(q.params ?? {})) url.searchParams.append(k, String(v));
    const headers = Object.fromEntries(Object.entries(q.headers ?? {}).map(([k, v]) => [k, String(v)]));
    let row: unknown[];
    try {
      const res = await fetch(url, {
        method: q.method,
        headers,
        body: q.body ? Buffer.from(q.body) : undefined,
        signal: AbortSignal.any([AbortSignal.timeout(q.timeout_milliseconds), abort.signal]),
      });
      const content = await res.text();
      row = [
        q.id,
        res.status,
        res.headers.get('content-type'),
        JSON.stringify(Object.fromEntries(res.headers)),
        content,
        false,
        null,
      ];
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      const message = timedOut
        ? `Timeout of ${q.timeout_milliseconds} ms reached`
        : err instanceof Error
          ? err.cause instanceof Error
            ? err.cause.message
            : err.message
          : String(err);
      row = [q.id, null, null, null, null, timedOut, message];
    }
    if (stopped) return;
    await db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
      row,
    );
  }

  async function drainOnce(): Promise<void> {
    await db.query(`delete from net._http_response where created < now() - interval '${TTL}'`);
    for (;;) {
      if (stopped) return;
      const { rows } = await db.query<Queued>(
        `delete from net.http_request_queue
          where id in (select id from net.http_request_queue order by id limit ${BATCH} for update skip locked)
          returning id::text as id, method, url, headers, body, timeout_milliseconds, params`,
      );
      if (!rows.length) return;
      await Promise.all(rows.map(send));
    }
  }

  // One drain at a time; a wake-up during one runs another after it.
  let draining: Promise<void> | null = null;
  let again = false;
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await drainOnce().catch((err: unknown) => {
          if (!stopped) console.error('[local-supabase] net:', err);
        });
      } while (again && !stopped);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  const unlisten = await db.listen('local_supabase_net', () => void drain());
  void drain();

  return {
    async drain() {
      await draining;
      await drain();
    },
    async stop() {
      stopped = true;
      abort.abort();
      await unlisten().catch(() => undefined);
      await draining;
    },
  };
}
