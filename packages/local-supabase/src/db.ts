/**
 * The database: one interface (db/types.ts) over two engines — embedded PGlite in a worker (db/pglite.ts) or a real
 * PostgreSQL (db/postgres.ts) — and the per-request role prelude every API runs its SQL under (db/requestRole.ts).
 */
import type { BackendConfig } from './config.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import type { Database } from './db/types.js';

export * from './db/types.js';
export * from './db/requestRole.js';

export async function openDatabase(config: Pick<BackendConfig, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const db = await openPglite(config.dataDir);
  await db.query('select 1');
  return db;
}
