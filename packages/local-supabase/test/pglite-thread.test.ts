/**
 * PGlite's worker thread outlives its engine: a cleanly closed engine's thread opens the process's next data
 * directory (pglite.ts), and must bring nothing of the last one into it, nor keep the process alive while it waits.
 * PGlite only: a backend on PostgreSQL has no such thread (vitest.config.ts leaves this file out of that run).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-supabase-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it("opens the next data directory with nothing of the last engine's: neither its tables nor its statements' parameter types", async () => {
  const [a, b] = [newDir(), newDir()];
  const insert = 'insert into t values ($1)';
  let db = await openPglite(b);
  await db.query('create table t (x jsonb)');
  await db.close();

  db = await openPglite(a);
  await db.query('create table t (x int[])');
  await db.query('create table only_in_a (y int)');
  await db.run(insert, [[1, 2]]);
  await db.close();

  // The thread that had a's engine: the same statement text and value, for b's table (a JSON array, not int[]'s
  // '{1,2}').
  db = await openPglite(b);
  try {
    expect((await db.query(`select to_regclass('only_in_a') as t`)).rows).toEqual([{ t: null }]);
    await db.run(insert, [[1, 2]]);
    expect((await db.query('select x from t')).rows).toEqual([{ x: [1, 2] }]);
  } finally {
    await db.close();
  }
});

it('lets a process that closed its engine end by itself while the thread waits for another', async () => {
  const dataDir = newDir();
  const pglite = fileURLToPath(new URL('../src/db/pglite.ts', import.meta.url));
  const script = `
    import { openPglite } from ${JSON.stringify(pglite)};
    const db = await openPglite(${JSON.stringify(path.join(dataDir, 'db'))});
    await db.query('select 1');
    await db.close();
    console.log('closed');`;
  const file = path.join(dataDir, 'open-and-close.mjs');
  writeFileSync(file, script);
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const ended = await new Promise<number | null | 'still running'>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  if (ended === 'still running') child.kill('SIGKILL');
  expect(ended, out).toBe(0);
  expect(out).toContain('closed');
});
