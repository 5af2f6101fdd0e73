/** A real PostgreSQL through node-postgres: a pool for requests, one client for LISTEN. */
import { quoteIdent } from '../text.ts';
import type { Database, QueryResult, Sql, TransactionOptions } from './types.ts';

export async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // Pipeline mode: queries given to a client without waiting go out at once, so `run` sends BEGIN with the prelude,
  // the statement and COMMIT in one write and waits for one round trip (a client is still used by one caller at a
  // time: the pool hands it out, the caller waits for its answers).
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true } as ConstructorParameters<
    typeof pg.Pool
  >[0]);
  // A pooled connection that the server ends (a restart, an administrator) must not take the process with it: the
  // pool drops it and opens another at the next request.
  pool.on('error', (err) =>
    console.error('[local-supabase] idle PostgreSQL connection failed:', err.message),
  );
  const wrap = (c: {
    query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>;
  }): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const r = await c.query(text, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    },
  });
  const base = wrap(pool);
  const transaction = async <T>(
    fn: (tx: Sql) => Promise<T>,
    prelude?: string,
    rollback = false,
  ): Promise<T> => {
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
        if (channels.size)
          void listenerClient().then((c) =>
            Promise.all([...channels.keys()].map((ch) => c.query(`listen ${quoteIdent(ch)}`))),
          );
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
  const run = async <T>(
    text: string,
    params: unknown[],
    options: TransactionOptions = {},
  ): Promise<QueryResult<T>> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
        .connection?.stream;
      stream?.cork?.();
      const settled = [
        client.query(options.prelude ? `begin; ${options.prelude}` : 'begin'),
        client.query(text, params),
        client.query(options.rollback ? 'rollback' : 'commit'),
      ].map((p) =>
        p.then(
          (r) => ({ r }),
          (e: unknown) => ({ e }),
        ),
      );
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
