import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { startBackend } from '@pentland/local-supabase';

export type Backend = Awaited<ReturnType<typeof startBackend>>;

/** A fresh local backend (PGlite in a temp directory, e-mail auto-confirmed, cheap hashes) for one test file. */
export async function startTestBackend(): Promise<Backend & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pentland-articles-'));
  const backend = await startBackend({
    port: 0,
    dataDir,
    seed: false,
    auth: {
      autoconfirm: true,
      disableSignup: false,
      bcryptCost: 4,
      rateLimits: {
        windowSeconds: 300,
        signIn: 10_000,
        signUp: 10_000,
        refresh: 10_000,
        verify: 10_000,
        otp: 10_000,
        recover: 10_000,
      },
    },
  });
  return Object.assign(backend, {
    async cleanup() {
      await backend.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export function client(backend: Backend, key = backend.anonKey): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

let n = 0;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

/** Signs up (auto-confirmed) and signs in a new user through Auth. */
export async function makeUser(backend: Backend, fullName = 'Test Writer'): Promise<TestUser> {
  const c = client(backend);
  const email = `writer${Date.now()}${n++}@example.test`;
  const password = 'correct-horse-battery';
  const up = await c.auth.signUp({ email, password, options: { data: { full_name: fullName } } });
  if (up.error) throw up.error;
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id: data.user.id, email, token: data.session.access_token, client: c };
}

/** Makes a user an administrator (what only the database owner may do). */
export async function makeAdmin(backend: Backend, user: TestUser): Promise<void> {
  await backend.db.query('insert into public.admin_users (user_id) values ($1)', [user.id]);
}

/** Gives a user an active premium subscription. */
export async function makePremium(backend: Backend, user: TestUser): Promise<void> {
  await backend.db.query(
    `insert into public.subscriptions (user_id, status, current_period_end) values ($1, 'active', now() + interval '30 days')`,
    [user.id],
  );
}

/** A small valid PNG (1×1). */
export const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export function pngFile(name = 'photo.png'): File {
  return new File([png], name, { type: 'image/png' });
}
