import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL 15 cluster on loopback for the benchmark (initdb as `postgres` when run as root). */
export async function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const cmd = (args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)];
  const init = spawnSync(
    ...cmd([
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
    ]),
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child: ChildProcess = spawn(
    ...cmd([
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
      'max_connections=100',
    ]),
    { stdio: 'ignore' },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      break;
    } catch {
      await c.end().catch(() => undefined);
      if (i > 150) throw new Error('PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      // pg_ctl, not a signal to runuser: runuser does not forward SIGINT, which would leave postgres running.
      const exited = new Promise((r) => child.once('exit', r));
      spawnSync(...cmd([path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'fast', '-w']), {
        stdio: 'ignore',
      });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
