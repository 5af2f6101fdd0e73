/**
 * The set-up cache (PGlite): a backend on a new data directory copies a database set up before on the same project
 * files, instead of running the platform SQL, migrations and seed again; each copy is its own database; a changed
 * migration makes a new one.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../src/server.ts';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rest-project');
const root = mkdtempSync(path.join(tmpdir(), 'local-supabase-setup-cache-test-'));
const projectDir = path.join(root, 'project');
const cacheDir = path.join(root, 'cache');
cpSync(fixture, projectDir, { recursive: true });
const running: RunningBackend[] = [];

afterAll(async () => {
  for (const b of running) await b.stop();
  rmSync(root, { recursive: true, force: true });
});

async function start(name: string): Promise<RunningBackend> {
  const b = await startBackend({
    port: 0,
    projectDir,
    dataDir: path.join(root, name),
    seed: true,
    setupCache: cacheDir,
  });
  running.push(b);
  return b;
}

const titles = async (b: RunningBackend) =>
  (await b.db.query<{ title: string }>('select title from public.books order by id')).rows.map(
    (r) => r.title,
  );

it('copies one set-up database to each new backend; each copy is its own; a new migration makes a new one', async () => {
  const a = await start('a');
  expect(readdirSync(cacheDir).filter((n) => !n.startsWith('.'))).toHaveLength(1);
  const seeded = await titles(a);
  expect(seeded).toContain('The Silver Darlings');

  const b = await start('b');
  expect(readdirSync(cacheDir).filter((n) => !n.startsWith('.'))).toHaveLength(1);
  expect(await titles(b)).toEqual(seeded);
  // What one backend writes stays in its own copy.
  await a.db.query("insert into public.books (title) values ('Only in a')");
  expect(await titles(b)).toEqual(seeded);

  writeFileSync(
    path.join(projectDir, 'migrations', '20991231000000_added.sql'),
    'create table public.added (id int primary key);',
  );
  const c = await start('c');
  expect(readdirSync(cacheDir).filter((n) => !n.startsWith('.'))).toHaveLength(2);
  expect(
    (await c.db.query<{ t: string | null }>("select to_regclass('public.added')::text as t")).rows[0]!.t,
  ).toBe('added');
  const versions = await c.db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version desc limit 1',
  );
  expect(versions.rows[0]!.version).toBe('20991231000000');
}, 180_000);
