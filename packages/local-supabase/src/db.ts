import { mkdirSync } from 'node:fs';
import type { BackendConfig } from './config.js';
import type { Claims } from './jwt.js';

export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Sql {
  /**
   * BEGIN/COMMIT/ROLLBACK around fn; serialised on PGlite (one connection). `prelude` (literal SQL, no
   * parameters) runs in the same round trip as BEGIN.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>, prelude?: string): Promise<T>;
  /** Runs a script of several statements (platform SQL, migrations, seed). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  engine: 'pglite' | 'postgres';
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

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(`${dataDir}/pgdata`);
  const lock = new Mutex();
  const raw: Sql = {
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pg.query<T>(text, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
  };
  return {
    engine: 'pglite',
    query: (text, params) => lock.run(() => raw.query(text, params)),
    exec: (script) =>
      lock.run(async () => {
        await pg.exec(script);
      }),
    transaction: (fn, prelude) =>
      lock.run(async () => {
        await pg.exec(prelude ? `begin; ${prelude}` : 'begin');
        try {
          const out = await fn(raw);
          // exec (the simple protocol) is one round trip into PGlite; query() takes six (parse, describe, bind…).
          await pg.exec('commit');
          return out;
        } catch (err) {
          await pg.exec('rollback').catch(() => undefined);
          throw err;
        }
      }),
    close: () => lock.run(() => pg.close()),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const wrap = (c: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }): Sql => ({
    async query<T>(text: string, params: unknown[] = []) {
      const r = await c.query(text, params);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    },
  });
  const base = wrap(pool);
  return {
    engine: 'postgres',
    query: base.query,
    exec: async (script) => {
      await pool.query(script);
    },
    transaction: async (fn, prelude) => {
      const client = await pool.connect();
      try {
        await client.query(prelude ? `begin; ${prelude}` : 'begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: Pick<BackendConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

export type RequestRole = 'anon' | 'authenticated' | 'service_role';

/** The database role a request runs as, from its verified JWT claims (as PostgREST does). */
export function roleOf(claims: Claims): RequestRole {
  const role = claims.role;
  return role === 'authenticated' || role === 'service_role' ? role : 'anon';
}

/**
 * Runs fn in one transaction as the request's role with `request.jwt.claims` set, so RLS decides.
 */
export function withRequestRole<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const role = roleOf(claims);
  const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const prelude = `select set_config('role', ${lit(role)}, true), set_config('request.jwt.claims', ${lit(JSON.stringify(claims))}, true), set_config('request.jwt.claim.sub', ${lit(sub)}, true), set_config('request.jwt.claim.role', ${lit(role)}, true)`;
  return db.transaction(fn, prelude);
}
