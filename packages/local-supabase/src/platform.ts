import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.ts';

const platformDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform');

export interface SetupReport {
  platform: string[];
  migrations: string[];
  /** The database had no migrations recorded: it was set up from nothing. */
  fresh: boolean;
  seeded: boolean;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Platform files that stand in for an extension hosted Supabase has, for engines without it (PGlite; PostgreSQL
 * without the extension): skipped where the real one can be created — there a project creates it (pg_cron and pg_net
 * need it in `shared_preload_libraries`), and the Vault, present on every hosted project, is created here.
 */
const EMULATES: Record<string, { extension: string; preload: boolean }> = {
  '50_vault.sql': { extension: 'supabase_vault', preload: false },
  '60_net.sql': { extension: 'pg_net', preload: true },
  '70_cron.sql': { extension: 'pg_cron', preload: true },
};

/** Whether the real extension can be created on this database (or already is). */
async function extensionUsable(db: Database, extension: string, preload: boolean): Promise<boolean> {
  const { rows } = await db.query<{ usable: boolean }>(
    `select exists (select 1 from pg_extension where extname = $1)
         or (exists (select 1 from pg_available_extensions where name = $1)
             and (not $2 or $1 = any (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))))
         as usable`,
    [extension, preload],
  );
  return rows[0]?.usable === true;
}

/** Where a database records which platform SQL it has (a schema of this backend's own, never exposed). */
const PLATFORM_STATE = 'local_supabase.platform_state';

/**
 * The platform SQL, unless the database already has exactly these files: their hash is recorded after they run,
 * so an unchanged data directory starts without re-running them (about half a second on PGlite) and a changed
 * file (a newer version of this package) runs them all again — each is idempotent.
 */
async function applyPlatform(db: Database): Promise<string[]> {
  const files = sqlFiles(platformDir).map((file) => ({
    file,
    text: readFileSync(path.join(platformDir, file), 'utf8'),
  }));
  const hash = createHash('sha256');
  for (const { file, text } of files) hash.update(`${file}\0${text}\0`);
  const digest = hash.digest('hex');
  const present = await db.query<{ present: boolean }>(
    `select to_regclass('${PLATFORM_STATE}') is not null as present`,
  );
  if (present.rows[0]?.present) {
    const recorded = await db.query<{ hash: string }>(`select hash from ${PLATFORM_STATE} where id = 1`);
    if (recorded.rows[0]?.hash === digest) return [];
  }
  const applied: string[] = [];
  for (const { file, text } of files) {
    const emulates = EMULATES[file];
    if (emulates && (await extensionUsable(db, emulates.extension, emulates.preload))) {
      if (!emulates.preload) await db.exec(`create extension if not exists ${emulates.extension} cascade`);
      continue;
    }
    await db.exec(text);
    applied.push(file);
  }
  await db.exec(`
    create schema if not exists local_supabase;
    revoke all on schema local_supabase from public;
    create table if not exists ${PLATFORM_STATE} (id int primary key check (id = 1), hash text not null, applied_at timestamptz not null default now());
    insert into ${PLATFORM_STATE} (id, hash) values (1, '${digest}')
      on conflict (id) do update set hash = excluded.hash, applied_at = now();`);
  return applied;
}

/**
 * Brings a database to the state hosted Supabase would have after `supabase db push` (and, locally,
 * `supabase db reset`'s seed): platform SQL (idempotent; skipped when this database already ran these very
 * files), then each project migration not yet recorded, then seed.sql once, when the database is new.
 */
export async function setupDatabase(db: Database, projectDir: string, seed = true): Promise<SetupReport> {
  const report: SetupReport = { platform: [], migrations: [], fresh: false, seeded: false };
  report.platform = await applyPlatform(db);
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, statements text[], applied_at timestamptz default now());
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);`);
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((r) => r.version),
  );
  const fresh = applied.size === 0;
  report.fresh = fresh;
  const migrationsDir = path.join(projectDir, 'migrations');
  for (const file of sqlFiles(migrationsDir)) {
    const match = /^(\d+)_?(.*)\.sql$/.exec(file);
    if (!match) continue;
    const [, version, name] = match as unknown as [string, string, string];
    if (applied.has(version)) continue;
    const text = readFileSync(path.join(migrationsDir, file), 'utf8');
    await db.exec(`begin;\n${text}\n;insert into supabase_migrations.schema_migrations (version, name, statements)
      values ('${version}', '${name.replace(/'/g, "''")}', array[]::text[]);\ncommit;`);
    report.migrations.push(file);
  }
  const seedFile = path.join(projectDir, 'seed.sql');
  if (seed && fresh && existsSync(seedFile)) {
    await db.exec(`begin;\n${readFileSync(seedFile, 'utf8')}\n;insert into supabase_migrations.seed_files (path, hash)
      values ('seed.sql', md5(now()::text)) on conflict do nothing;\ncommit;`);
    report.seeded = true;
  }
  return report;
}
