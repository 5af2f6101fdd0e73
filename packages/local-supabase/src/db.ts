/**
 * The database: one interface (db/types.ts) over two engines — embedded PGlite in a worker (db/pglite.ts) or a real
 * PostgreSQL (db/postgres.ts) — and the per-request role prelude every API runs its SQL under (db/requestRole.ts).
 */
import type { BackendConfig } from './config.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database } from './db/types.ts';

export * from './db/types.ts';
export * from './db/requestRole.ts';

export async function openDatabase(
  config: Pick<BackendConfig, 'dataDir' | 'databaseUrl'>,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const db = await openPglite(config.dataDir);
  await db.query('select 1');
  return db;
}
