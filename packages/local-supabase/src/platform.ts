import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.js';

const platformDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform');

export interface SetupReport {
  platform: string[];
  migrations: string[];
  seeded: boolean;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * Brings a database to the state hosted Supabase would have after `supabase db push` (and, locally,
 * `supabase db reset`'s seed): platform SQL (idempotent, every start), then each project migration
 * not yet recorded, then seed.sql once, when the database is new.
 */
export async function setupDatabase(db: Database, projectDir: string, seed = true): Promise<SetupReport> {
  const report: SetupReport = { platform: [], migrations: [], seeded: false };
  for (const file of sqlFiles(platformDir)) {
    await db.exec(readFileSync(path.join(platformDir, file), 'utf8'));
    report.platform.push(file);
  }
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, name text, statements text[], applied_at timestamptz default now());
    create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);`);
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const fresh = applied.size === 0;
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
