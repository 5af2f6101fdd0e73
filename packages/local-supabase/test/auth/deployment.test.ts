/**
 * Outside loopback (a single-machine deployment) the backend refuses the Supabase CLI's public demo secret and keys,
 * with a one-line reason, and runs neither the seed nor the development OAuth provider.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, keysFor } from '../../src/config.ts';
import { startTestBackend } from '../helpers.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let projectDir: string;
const ownSecret = 'a-deployment-secret-of-its-own-0123456789';

beforeAll(() => {
  // A project whose seed would leave a visible mark.
  projectDir = mkdtempSync(path.join(tmpdir(), 'deploy-project-'));
  mkdirSync(path.join(projectDir, 'migrations'));
  writeFileSync(
    path.join(projectDir, 'migrations', '20250101000000_marker.sql'),
    'create table public.marker (id int);',
  );
  writeFileSync(path.join(projectDir, 'seed.sql'), 'insert into public.marker values (1);');
});

afterAll(() => {
  rmSync(projectDir, { recursive: true, force: true });
});

function oneLine(err: unknown): string {
  expect(err).toBeInstanceOf(Error);
  const message = (err as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

describe('a backend listening on a non-loopback address', () => {
  it('refuses to start with the demo JWT secret', async () => {
    const err = await startTestBackend({ host: '0.0.0.0', projectDir }).then(
      (b) => b.stop().then(() => null),
      (e: unknown) => e,
    );
    expect(oneLine(err)).toMatch(/0\.0\.0\.0.*JWT_SECRET/);
  });

  it('refuses the demo anon or service_role key even beside a secret of its own, and a short secret', async () => {
    const demo = keysFor(DEMO_JWT_SECRET);
    for (const partial of [
      { jwtSecret: ownSecret, anonKey: demo.anonKey },
      { jwtSecret: ownSecret, serviceRoleKey: demo.serviceRoleKey },
      { jwtSecret: 'too-short-secret' },
    ]) {
      const err = await startTestBackend({ host: '0.0.0.0', projectDir, ...partial }).then(
        (b) => b.stop().then(() => null),
        (e: unknown) => e,
      );
      expect(oneLine(err)).toMatch(/0\.0\.0\.0/);
    }
  });

  it('refuses a seed or the development provider asked for explicitly', async () => {
    for (const partial of [{ seed: true }, { auth: { devOidc: true } }]) {
      const err = await startTestBackend({
        host: '0.0.0.0',
        projectDir,
        jwtSecret: ownSecret,
        ...partial,
      } as never).then(
        (b) => b.stop().then(() => null),
        (e: unknown) => e,
      );
      expect(oneLine(err)).toMatch(/0\.0\.0\.0/);
    }
  });

  describe('with a secret of its own', () => {
    let b: Awaited<ReturnType<typeof startTestBackend>>;
    beforeAll(async () => {
      b = await startTestBackend({ host: '0.0.0.0', projectDir, jwtSecret: ownSecret });
    });
    afterAll(async () => {
      await b?.stop();
    });

    it('starts, without the seed and without the development provider', async () => {
      const local = `http://127.0.0.1:${b.config.port}`;
      expect((await b.db.query('select count(*)::int as n from public.marker')).rows).toEqual([{ n: 0 }]);
      expect((await fetch(`${local}/oidc/.well-known/openid-configuration`)).status).toBe(404);
      const settings = (await (
        await fetch(`${local}/auth/v1/settings`, { headers: { apikey: b.anonKey } })
      ).json()) as {
        external: Record<string, boolean>;
      };
      expect(settings.external.facebook).toBe(false);
      const authorize = await fetch(`${local}/auth/v1/authorize?provider=facebook`, { redirect: 'manual' });
      expect(authorize.status).toBe(400);
    });
  });

  it('the CLI says why in one line and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'deploy-cli-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(packageDir, 'src/cli.ts')], {
        cwd: packageDir,
        env: {
          ...process.env,
          HOST: '0.0.0.0',
          PORT: '0',
          DATA_DIR: dataDir,
          SUPABASE_DIR: projectDir,
          JWT_SECRET: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 30_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code, stdout).toBe(1);
      const lines = stderr.split('\n').filter((l) => l.trim() && !/WARNING|deprecated/i.test(l));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/JWT_SECRET/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
