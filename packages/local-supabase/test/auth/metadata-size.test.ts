/**
 * user_metadata travels in every access token, so its size decides whether a session's requests fit into an HTTP
 * header at all. The backend caps it (MAX_METADATA, as JSON text) so that the token of the largest accepted metadata
 * still passes this server's own header limit with room for a browser's other headers; beyond the cap, updates,
 * sign-ups and admin writes are refused with 400 validation_failed and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, client, email, raw, startAuthBackend, type AuthTestBackend } from './harness.ts';
import { MAX_METADATA } from '../../src/auth/request.ts';

let b: AuthTestBackend;
beforeAll(async () => {
  b = await startAuthBackend();
});
afterAll(async () => {
  await b?.stop();
});

async function signedIn(tag: string) {
  const addr = email(tag);
  await admin(b).auth.admin.createUser({
    email: addr,
    password: 'Metadata-pass-1',
    email_confirm: true,
    user_metadata: { full_name: 'Isla Mackay' },
  });
  const sb = client(b);
  const { data, error } = await sb.auth.signInWithPassword({ email: addr, password: 'Metadata-pass-1' });
  expect(error).toBeNull();
  return { sb, addr, token: data.session!.access_token };
}

/** What a browser sends besides the token (user agent, accept lists, client hints, referrer, client info). */
const browserHeaders = {
  'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${'x'.repeat(100)}`,
  Accept: 'application/json, text/plain, */*',
  'Accept-Language': 'en-GB,en;q=0.9,gd;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  Origin: 'https://pentlandcloud.co.uk',
  Referer: `https://pentlandcloud.co.uk/profile?${'q'.repeat(400)}`,
  'Sec-CH-UA': '"Chromium";v="131", "Not_A Brand";v="24"',
  'X-Client-Info': 'supabase-js-web/2.50.0',
};

/** A REST request and an Auth request with this token, as a browser would send them. */
async function usable(token: string): Promise<number[]> {
  const headers = { ...browserHeaders, apikey: b.anonKey, Authorization: `Bearer ${token}` };
  const rest = await fetch(`${b.url}/rest/v1/`, { headers });
  const user = await fetch(`${b.url}/auth/v1/user`, { headers });
  await Promise.all([rest.arrayBuffer(), user.arrayBuffer()]);
  return [rest.status, user.status];
}

describe('the size of user_metadata', () => {
  it('15 KB of metadata (eight times) is refused with 400 and the session keeps working', async () => {
    const { sb, token } = await signedIn('meta-15k');
    for (let i = 0; i < 8; i++) {
      const r = await sb.auth.updateUser({ data: { [`blob${i}`]: 'x'.repeat(15_000) } });
      expect(r.error?.status).toBe(400);
      expect(r.error?.code).toBe('validation_failed');
    }
    const me = (await sb.auth.getUser()).data.user!;
    expect(Object.keys(me.user_metadata).filter((k) => k.startsWith('blob'))).toEqual([]);
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await usable(refreshed.data.session!.access_token)).toEqual([200, 200]);
    expect(await usable(token)).toEqual([200, 200]);
  });

  it('metadata up to the cap is accepted and its token still fits into a request with a browser’s headers', async () => {
    const { sb } = await signedIn('meta-full');
    // Fill up to the cap, counting the stored JSON text: just under is accepted, one byte more is not.
    const id = (await sb.auth.getUser()).data.user!.id;
    const [row] = await b.sql<{ n: number }>(
      `select octet_length((raw_user_meta_data || '{"fill": ""}')::text) as n from auth.users where id = $1`,
      [id],
    );
    const room = MAX_METADATA - row!.n;
    expect((await sb.auth.updateUser({ data: { fill: 'y'.repeat(room + 1) } })).error?.status).toBe(400);
    expect((await sb.auth.updateUser({ data: { fill: 'y'.repeat(room) } })).error).toBeNull();
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const token = refreshed.data.session!.access_token;
    expect(token.length).toBeGreaterThan(MAX_METADATA);
    expect(await usable(token)).toEqual([200, 200]);
    // Many-byte characters count by their bytes.
    expect((await sb.auth.updateUser({ data: { fill: 'ü'.repeat(room) } })).error?.status).toBe(400);
    // Removing keys is always possible.
    expect((await sb.auth.updateUser({ data: { fill: null } })).error).toBeNull();
  });

  it('sign-up and the admin API refuse oversize metadata with 400 and create nobody', async () => {
    const addr = email('meta-signup');
    const big = { full_name: 'Isla Mackay', note: 'z'.repeat(MAX_METADATA) };
    const signUp = await raw(b, 'POST', '/signup', { email: addr, password: 'Metadata-pass-1', data: big });
    expect(signUp.status).toBe(400);
    expect(signUp.json).toMatchObject({ code: 'validation_failed' });
    // Just under the per-request size, over the total once the e-mail identity's fields join it.
    const near = await raw(b, 'POST', '/signup', {
      email: addr,
      password: 'Metadata-pass-1',
      data: { note: 'z'.repeat(MAX_METADATA - 20) },
    });
    expect(near.status).toBe(400);
    expect(near.json).toMatchObject({ code: 'validation_failed' });
    const created = await admin(b).auth.admin.createUser({
      email: email('meta-admin'),
      email_confirm: true,
      user_metadata: big,
    });
    expect(created.error?.status).toBe(400);
    expect(await b.sql('select 1 from auth.users where email = $1', [addr])).toEqual([]);
    // And the ordinary sign-up with a name works.
    const ok = await raw(b, 'POST', '/signup', {
      email: addr,
      password: 'Metadata-pass-1',
      data: { full_name: 'Isla Mackay' },
    });
    expect(ok.status).toBe(200);
  });

  it('a project trigger on auth.users that refuses a write with SQLSTATE PT4xx answers that status, never 500', async () => {
    // A product may guard user_metadata in its database (GoTrue maps PTnnn to HTTP nnn, as PostgREST does).
    await b.sql(`create function public.refuse_marked_metadata() returns trigger language plpgsql as $$
      begin
        if new.raw_user_meta_data ? 'refused' then raise exception 'metadata refused by the project' using errcode = 'PT400'; end if;
        return new;
      end $$`);
    await b.sql(
      'create trigger refuse_marked_metadata before update on auth.users for each row execute function public.refuse_marked_metadata()',
    );
    try {
      const { sb } = await signedIn('meta-trigger');
      const r = await sb.auth.updateUser({ data: { refused: true } });
      expect(r.error?.status).toBe(400);
      expect(r.error?.message).toBe('metadata refused by the project');
      expect((await sb.auth.getUser()).data.user!.user_metadata.refused).toBeUndefined();
    } finally {
      await b.sql('drop trigger refuse_marked_metadata on auth.users');
      await b.sql('drop function public.refuse_marked_metadata()');
    }
  });
});
