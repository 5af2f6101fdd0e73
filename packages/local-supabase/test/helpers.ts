import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { BackendConfig } from '../src/config.ts';
import { signJwt } from '../src/jwt.ts';
import { startBackend, type RunningBackend } from '../src/server.ts';
import { testSetupCache } from '../src/setupCache.ts';

export interface TestBackend extends RunningBackend {
  /** Mints an access token for a user row (inserted with `createUser`), without going through /auth/v1. */
  tokenFor(user: { id: string; email: string }, extra?: Record<string, unknown>): Promise<string>;
  /** Inserts an auth.users row directly (the profile trigger runs) and returns it. */
  createUser(email?: string, meta?: Record<string, unknown>): Promise<{ id: string; email: string }>;
  /** The PostgreSQL URL of this backend's own database when running on PostgreSQL. */
  databaseUrl?: string;
}

/** A fresh database for each call: a temp PGlite directory, or a new database in the test cluster. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const { default: pg } = await import('pg');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

export async function startTestBackend(overrides: Partial<BackendConfig> = {}): Promise<TestBackend> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'local-supabase-test-'));
  const databaseUrl = overrides.databaseUrl ?? (await freshDatabaseUrl());
  const removeDataDir = () => {
    if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // A backend that refuses its configuration (tested on purpose) leaves no directory behind either.
  const backend = await startBackend({
    port: 0,
    dataDir,
    databaseUrl,
    setupCache: testSetupCache,
    ...overrides,
  }).catch((err: unknown) => {
    removeDataDir();
    throw err;
  });
  const stop = backend.stop;
  return Object.assign(backend, {
    databaseUrl,
    async stop() {
      await stop();
      removeDataDir();
    },
    async tokenFor(user: { id: string; email: string }, extra: Record<string, unknown> = {}) {
      const now = Math.floor(Date.now() / 1000);
      return signJwt(
        {
          iss: `${backend.url}/auth/v1`,
          sub: user.id,
          aud: 'authenticated',
          role: 'authenticated',
          email: user.email,
          iat: now,
          exp: now + 3600,
          aal: 'aal1',
          session_id: randomUUID(),
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          is_anonymous: false,
          ...extra,
        },
        backend.config.jwtSecret,
      );
    },
    async createUser(email = `${randomUUID().slice(0, 8)}@example.test`, meta: Record<string, unknown> = {}) {
      const id = randomUUID();
      await backend.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
           '{"provider":"email","providers":["email"]}', $3::jsonb, now(), now())`,
        [id, email, JSON.stringify(meta)],
      );
      return { id, email };
    },
  });
}

export function createTestClient(url: string, key: string, accessToken?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
    ...(accessToken ? { global: { headers: { Authorization: `Bearer ${accessToken}` } } } : {}),
  });
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

/** A confirmed user (auth.users row + profile via the trigger), optionally an admin, with a signed-in client. */
export async function makeUser(
  b: TestBackend,
  opts: { email?: string; admin?: boolean; meta?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const user = await b.createUser(opts.email, opts.meta ?? {});
  if (opts.admin) await b.db.query('insert into public.admin_users (user_id) values ($1)', [user.id]);
  const token = await b.tokenFor(user);
  return { ...user, token, client: createTestClient(b.url, b.anonKey, token) };
}

export const anonClient = (b: TestBackend): SupabaseClient => createTestClient(b.url, b.anonKey);
export const serviceClient = (b: TestBackend): SupabaseClient => createTestClient(b.url, b.serviceRoleKey);
