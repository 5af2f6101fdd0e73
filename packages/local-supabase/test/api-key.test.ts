/**
 * The API gateway's key check, as hosted Supabase makes it in front of PostgREST, Auth and Realtime's REST API: a
 * request must carry one
 * of the project's API keys in its `apikey` header (or `apikey` query parameter), whatever its Authorization says.
 * Auth's routes that browsers and OAuth clients reach without the key (the links in mails, OAuth redirects, key
 * discovery, the OAuth server's token endpoint) stay open; Storage, Functions and Realtime's socket check their
 * callers themselves, so a public file and a function without JWT verification need no key.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

let b: TestBackend;
let userToken: string;
beforeAll(async () => {
  b = await startTestBackend();
  await b.db.exec(`create table public.gateway_notes (id serial primary key, body text);
    alter table public.gateway_notes enable row level security;
    create policy anyone on public.gateway_notes for all to anon, authenticated using (true) with check (true);
    grant all on public.gateway_notes to anon, authenticated;
    grant usage on sequence public.gateway_notes_id_seq to anon, authenticated;
    insert into public.gateway_notes (body) values ('kept');
    create function public.gateway_role() returns text language sql as $$ select current_user::text $$;
    grant execute on function public.gateway_role() to anon, authenticated;`);
  const user = await b.createUser();
  userToken = await b.tokenFor(user);
});
afterAll(async () => {
  await b?.stop();
});

const NO_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
const BAD_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};

async function call(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual', ...init, headers });
  const text = await res.text();
  return { status: res.status, body: /^[[{"]/.test(text) ? (JSON.parse(text) as unknown) : text };
}

describe('REST and Auth answer nothing without one of the project’s API keys', () => {
  it.each([
    ['no headers', {}],
    ['an empty apikey', { apikey: '' }],
    ['only an Authorization bearer (the anon key)', { authorization: `Bearer ${'ANON'}` }],
  ])('%s: 401 "No API key found in request"', async (_name, headers) => {
    const h = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('ANON', b.anonKey)]),
    ) as Record<string, string>;
    for (const path of [
      '/rest/v1/gateway_notes?select=body',
      '/rest/v1/',
      '/auth/v1/settings',
      '/auth/v1/health',
      '/realtime/v1/api/ping',
    ])
      expect(await call(path, h), path).toEqual({ status: 401, body: NO_KEY });
  });

  it.each([
    ['nonsense', 'not-a-key'],
    ['a user’s access token', 'USER'],
    ['the anon key with one character changed', 'ANON!'],
  ])('an apikey that is %s: 401 "Invalid API key"', async (_name, key) => {
    const apikey = key === 'USER' ? userToken : key === 'ANON!' ? `${b.anonKey.slice(0, -1)}x` : key;
    for (const path of ['/rest/v1/gateway_notes?select=body', '/auth/v1/settings'])
      expect(await call(path, { apikey }), path).toEqual({ status: 401, body: BAD_KEY });
  });

  it('a malformed key in the query is an invalid key, never a 500', async () => {
    for (const query of ['apikey=%ZZ', 'apikey=%E0%A4%A', `apikey=${'x'.repeat(5000)}`, 'apikey=a&apikey=b'])
      expect(await call(`/rest/v1/gateway_notes?${query}`, {}), query).toEqual({
        status: 401,
        body: BAD_KEY,
      });
  });

  it('a refused write changes nothing', async () => {
    const res = await call(
      '/rest/v1/gateway_notes',
      { 'content-type': 'application/json', authorization: `Bearer ${userToken}` },
      { method: 'POST', body: JSON.stringify({ body: 'slipped in' }) },
    );
    expect(res).toEqual({ status: 401, body: NO_KEY });
    const { rows } = await b.db.query<{ body: string }>('select body from public.gateway_notes order by id');
    expect(rows.map((r) => r.body)).toEqual(['kept']);
  });

  it('the anon or service_role key, in the header or the query, lets a request through to its API', async () => {
    for (const key of [b.anonKey, b.serviceRoleKey]) {
      expect(await call('/rest/v1/gateway_notes?select=body', { apikey: key })).toEqual({
        status: 200,
        body: [{ body: 'kept' }],
      });
      expect(await call(`/rest/v1/gateway_notes?select=body&apikey=${encodeURIComponent(key)}`, {})).toEqual({
        status: 200,
        body: [{ body: 'kept' }],
      });
    }
    // The key opens the gateway; the Authorization bearer still decides the role.
    expect(
      await call('/rest/v1/rpc/gateway_role', { apikey: b.anonKey, authorization: `Bearer ${userToken}` }),
    ).toEqual({ status: 200, body: 'authenticated' });
    expect(await call('/rest/v1/rpc/gateway_role', { apikey: b.anonKey })).toEqual({
      status: 200,
      body: 'anon',
    });
  });
});

/** A request sent byte for byte (fetch resolves dot segments before sending). */
function raw(path: string): Promise<{ status: number; body: unknown }> {
  const u = new URL(b.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: u.hostname, port: u.port, path }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) as unknown }));
      })
      .on('error', reject);
  });
}

describe('what hosted Supabase serves without a key stays open', () => {
  it.each([
    '/auth/v1/verify/../settings',
    '/auth/v1/callback/%2e%2e/settings',
    '/auth/v1/.well-known/%2E%2E/health',
  ])('%s reaches a route that needs the key: refused', async (path) => {
    expect(await raw(path)).toEqual({ status: 401, body: NO_KEY });
  });

  it('Auth’s browser-facing routes and key discovery', async () => {
    expect((await call('/auth/v1/.well-known/jwks.json', {})).status).toBe(200);
    expect(
      (await call('/auth/v1/verify?type=signup&token=nonsense&redirect_to=http://localhost:5173', {})).status,
    ).not.toBe(401);
    expect((await call('/auth/v1/authorize?provider=nonsense', {})).status).not.toBe(401);
    expect((await call('/auth/v1/callback', {})).status).not.toBe(401);
  });

  it('Storage’s public objects and Functions without JWT verification check callers themselves', async () => {
    // Storage refuses an unauthenticated listing with its own error, not the gateway's.
    const storage = await call('/storage/v1/bucket', {});
    expect(storage.body).not.toEqual(NO_KEY);
    const fn = await call('/functions/v1/no-such-function', {});
    expect(fn).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
    });
  });

  it('preflight requests need no key', async () => {
    const res = await fetch(`${b.url}/rest/v1/gateway_notes`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
  });
});
