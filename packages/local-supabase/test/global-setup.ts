import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | null = null;
let dir: string | null = null;

/** With BACKEND_ENGINE=postgres: a throwaway PostgreSQL 15 cluster on loopback, exposed as TEST_DATABASE_URL. */
export async function setup(): Promise<void> {
  if (process.env.BACKEND_ENGINE !== 'postgres') return;
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  dir = mkdtempSync(path.join(tmpdir(), 'local-supabase-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)]) as [
      string,
      string[],
    ];
  const [cmd, args] = run([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(cmd, args, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const [pcmd, pargs] = run([
    path.join(bin, 'postgres'),
    '-D',
    data,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=32MB',
  ]);
  child = spawn(pcmd, pargs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const { default: pg } = await import('pg');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      break;
    } catch {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  process.env.TEST_DATABASE_URL = url;
}

export async function teardown(): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    // Fast shutdown through pg_ctl: a signal to runuser does not reliably reach postgres, and a smart
    // shutdown would wait for pooled connections.
    const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
    const args = [
      path.join(bin, 'pg_ctl'),
      'stop',
      '-D',
      path.join(dir!, 'data'),
      '-m',
      'fast',
      '-w',
      '-t',
      '20',
    ];
    const asRoot = process.getuid?.() === 0;
    spawnSync(asRoot ? 'runuser' : args[0]!, asRoot ? ['-u', 'postgres', '--', ...args] : args.slice(1), {
      stdio: 'ignore',
    });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
