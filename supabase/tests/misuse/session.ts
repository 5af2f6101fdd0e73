import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, type TestBackend } from '@pentland/local-supabase/testing';

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  /** The session's access token. */
  token: string;
  /** A client holding that session. */
  client: SupabaseClient;
}

/**
 * A confirmed account that signed in with its password through Auth: a real session, as the functions ask Auth who
 * called and its tokens carry what Auth stores. `admin` lists it as an administrator first.
 */
export async function signedIn(
  b: TestBackend,
  opts: { admin?: boolean; meta?: Record<string, unknown>; prefix?: string } = {},
): Promise<SignedInUser> {
  const email = `${opts.prefix ?? (opts.admin ? 'admin' : 'member')}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `Pass-${randomUUID()}`;
  const created = await serviceClient(b).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    ...(opts.meta ? { user_metadata: opts.meta } : {}),
  });
  if (created.error) throw created.error;
  if (opts.admin)
    await b.db.query('insert into public.admin_users (user_id) values ($1)', [created.data.user.id]);
  const client = anonClient(b);
  const session = await client.auth.signInWithPassword({ email, password });
  if (session.error) throw session.error;
  return { id: created.data.user.id, email, password, token: session.data.session.access_token, client };
}
