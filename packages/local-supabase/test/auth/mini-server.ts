/**
 * A stand-in for the full backend while test/helpers.ts is not there: PGlite (or DATABASE_URL),
 * the platform SQL, and the Auth module behind one node:http server — the same wiring server.ts does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db.js';
import { setupDatabase } from '../../src/platform.js';
import { resolveConfig, type BackendConfig } from '../../src/config.js';
import { createAuth } from '../../src/auth/index.js';
import type { AuthTestBackend } from './harness.js';

export async function startMiniBackend(overrides: Record<string, unknown>): Promise<AuthTestBackend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'auth-test-'));
  const emptyProject = mkdtempSync(path.join(tmpdir(), 'auth-project-'));
  const config: BackendConfig = resolveConfig({ ...(overrides as Partial<BackendConfig>), dataDir, projectDir: emptyProject, port: 0 });
  if (process.env.DATABASE_URL) {
    // One fresh database per backend, so test files do not share state.
    const { default: pg } = await import('pg');
    const name = `auth_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    config.databaseUrl = u.toString();
  }
  const db = await openDatabase(config);
  await setupDatabase(db, emptyProject, false);
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_q, s) => s.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const publicUrl = `http://127.0.0.1:${port}`;
  const auth = await createAuth({ db, config, publicUrl });
  handler = (req, res) => {
    const u = req.url ?? '/';
    for (const [prefix, mount] of Object.entries(auth.nodeMounts)) {
      if (u === prefix || u.startsWith(`${prefix}/`) || u.startsWith(`${prefix}?`)) return mount(req, res);
    }
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(Buffer.concat(chunks));
      const response = u.startsWith('/auth/v1')
        ? await auth.handle(new Request(`${publicUrl}${u}`, { method, headers, body }))
        : new Response('not found', { status: 404 });
      const out: Record<string, string> = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': 'X-Supabase-Api-Version, Content-Range',
      };
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  };
  return {
    url: publicUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    mailUrl: `${publicUrl}/mail`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await auth.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(emptyProject, { recursive: true, force: true });
    },
  };
}
