// What the functions' tests share (Node, through the real local backend and supabase-js): the caller's session, a
// function called as a given client address, and the mail the functions sent. `@pentland/functions/testing`.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, type TestBackend } from '@pentland/local-supabase/testing';

export {
  anonClient,
  serviceClient,
  startTestBackend,
  type TestBackend,
} from '@pentland/local-supabase/testing';
export { startOpenAiStub, type OpenAiStub, type StubBehaviour } from './openai-stub.ts';

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

/** POSTs a JSON body to a function with the anon key, or as the user whose token is given. */
export async function callFunction(
  b: TestBackend,
  name: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${b.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: b.anonKey,
      Authorization: `Bearer ${token ?? b.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * A POST to a function from the loopback address `from` with the anon key: a second address on 127.0.0.0/8 is a
 * second client to the backend (and so to the functions' per-address limits).
 */
export function postFrom(
  b: TestBackend,
  name: string,
  from: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/functions/v1/${name}`, b.url),
      {
        method: 'POST',
        localAddress: from,
        headers: {
          Authorization: `Bearer ${b.anonKey}`,
          apikey: b.anonKey,
          'Content-Type': 'application/json',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A message in the backend's mail catcher. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The mail caught for `to`. */
export async function mails(b: TestBackend, to: string): Promise<CaughtMail[]> {
  return (await (
    await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(to)}`)
  ).json()) as CaughtMail[];
}

/** The mail caught for `to`, once there are `n` messages (or after five seconds, what there is). */
export async function waitForMails(b: TestBackend, to: string, n: number): Promise<CaughtMail[]> {
  for (let i = 0; i < 50; i++) {
    const got = await mails(b, to);
    if (got.length >= n) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  return mails(b, to);
}

/** The number of rows in a table of the public schema. */
export const count = async (b: TestBackend, table: string): Promise<number> =>
  Number((await b.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n);

/** What a channel received: a broadcast's event and payload, or a database change's type and new row. */
export type Received = { event: string; payload: Record<string, unknown> };
type Channel = ReturnType<SupabaseClient['channel']>;

/** Subscribes `c` to one channel and resolves once Realtime has confirmed it; what arrives is pushed to `got`. */
export async function subscribed(
  c: SupabaseClient,
  build: (ch: Channel, got: Received[]) => Channel,
  topic = `test-${randomUUID()}`,
): Promise<{ got: Received[]; stop: () => Promise<unknown> }> {
  const got: Received[] = [];
  const channel = build(c.channel(topic), got);
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, err) =>
      status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(err ?? new Error(status)),
    ),
  );
  return { got, stop: () => c.removeChannel(channel) };
}

/** Waits until `what()` holds, failing after `ms`. */
export async function until(what: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
