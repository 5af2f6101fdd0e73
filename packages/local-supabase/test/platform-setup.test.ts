/**
 * Setting a database up: the platform SQL runs on a new database and again only when its files change, so an
 * unchanged data directory starts without re-running it; the record of what ran is not readable through the API roles.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db.ts';
import { setupDatabase } from '../src/platform.ts';
import { freshDatabaseUrl } from './helpers.ts';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projectDir = path.resolve(pkgDir, '../../supabase');
const platformFiles = readdirSync(path.join(pkgDir, 'src/platform'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'local-supabase-platform-'));
let db: Database;

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl();
  db = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs the platform SQL on a new database, skips it while its files are unchanged, runs it again when they change', async () => {
  const first = await setupDatabase(db, projectDir, false);
  expect(first.platform).toEqual(platformFiles);
  expect(first.migrations.length).toBeGreaterThan(0);
  expect(first.fresh).toBe(true);

  const again = await setupDatabase(db, projectDir, false);
  expect(again).toEqual({ platform: [], migrations: [], fresh: false, seeded: false });
  // What the platform made is still there (nothing was dropped by skipping it).
  expect(
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from pg_roles where rolname in ('anon', 'authenticated', 'service_role')",
      )
    ).rows[0]!.n,
  ).toBe(3);

  // A database set up by another version of these files (as after upgrading the package) runs them all again.
  await db.exec("update local_supabase.platform_state set hash = 'an older version'");
  expect((await setupDatabase(db, projectDir, false)).platform).toEqual(platformFiles);
  expect((await setupDatabase(db, projectDir, false)).platform).toEqual([]);
});

it('keeps the record out of reach of the API roles', async () => {
  for (const role of ['anon', 'authenticated']) {
    await expect(
      db.transaction(
        (tx) => tx.query('select hash from local_supabase.platform_state'),
        `set local role ${role}`,
      ),
    ).rejects.toThrow(/permission denied/);
  }
});
