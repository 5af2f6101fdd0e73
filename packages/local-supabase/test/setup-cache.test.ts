/**
 * The set-up cache (PGlite): a backend on a new data directory copies a database set up before on the same project
 * files, instead of running the platform SQL, migrations and seed again; each copy is its own database; a changed
 * migration makes a new one; old entries are pruned least recently used first, so one in use stays.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
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

it('prunes the entries least recently used, not the oldest built: an entry in use by other backends stays', async () => {
  const entries = () => readdirSync(cacheDir).filter((n) => !n.startsWith('.'));
  await start('d');
  // The entry this start used is the one most recently used (the first test's older one is stale).
  const inUse = entries()
    .sort((a, b) => statSync(path.join(cacheDir, b)).mtimeMs - statSync(path.join(cacheDir, a)).mtimeMs)
    .slice(0, 1);
  for (const name of entries())
    if (!inUse.includes(name)) rmSync(path.join(cacheDir, name), { recursive: true });
  // Built an hour ago; six other projects' entries built since (half an hour ago), none used now.
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  for (const name of inUse) utimesSync(path.join(cacheDir, name), ago(60), ago(60));
  const others = Array.from({ length: 6 }, (_, i) => `seeded-other${i}`);
  for (const [i, name] of others.entries()) {
    mkdirSync(path.join(cacheDir, name));
    utimesSync(path.join(cacheDir, name), ago(30 - i), ago(30 - i));
  }
  // Used again now (another backend starting on the same project), then a new migration builds a new entry.
  await start('e');
  writeFileSync(
    path.join(projectDir, 'migrations', '20991231000001_more.sql'),
    'create table public.more (id int primary key);',
  );
  await start('f');
  for (const name of inUse) expect(existsSync(path.join(cacheDir, name)), name).toBe(true);
  // The new entry and six kept besides it; the least recently used of the others went.
  expect(entries()).toHaveLength(7);
  expect(existsSync(path.join(cacheDir, others[0]!))).toBe(false);
}, 180_000);
