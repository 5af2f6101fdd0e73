/**
 * A user cannot make their own session unusable. user_metadata travels in every access token, so metadata large
 * enough would make every later request of the session too large for a server's header limit (431). Oversize
 * metadata is refused with a 4xx and changes nothing — through PUT /auth/v1/user (the eight 15 KB updates),
 * at sign-up, and by the database itself for whatever else writes auth.users (GoTrue on hosted Supabase has no cap of
 * its own) — while ordinary profile updates (full_name, avatar_url) keep working and the session answers 200.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';
import { signedIn } from './session.ts';

let b: TestBackend;
beforeAll(async () => {
  b = await startTestBackend();
});
afterAll(async () => {
  await b?.stop();
});

/** The caller's own profile through REST, with the session's current access token: its status. */
async function restStatus(token: string): Promise<number> {
  const res = await fetch(`${b.url}/rest/v1/profiles?select=id,full_name`, {
    headers: { apikey: b.anonKey, Authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

const storedMetadata = async (id: string) =>
  (
    await b.db.query<{ m: Record<string, unknown> }>(
      'select raw_user_meta_data as m from auth.users where id = $1',
      [id],
    )
  ).rows[0]!.m;

describe('oversize user_metadata', () => {
  it('eight PUT /auth/v1/user with 15 KB each are refused with a 4xx; nothing is stored; REST still answers 200', async () => {
    const user = await signedIn(b, { prefix: 'tokens', meta: { full_name: 'Isla Mackay' } });
    const before = await storedMetadata(user.id);
    for (let i = 0; i < 8; i++) {
      const { error } = await user.client.auth.updateUser({ data: { [`blob${i}`]: 'x'.repeat(15_000) } });
      expect(error?.status, `update ${i}`).toBeGreaterThanOrEqual(400);
      expect(error?.status, `update ${i}`).toBeLessThan(500);
    }
    expect(await storedMetadata(user.id)).toEqual(before);
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await restStatus(refreshed.data.session!.access_token)).toBe(200);
  });

  it('raw HTTP: 15 KB of metadata in one request answers 400 validation_failed', async () => {
    const user = await signedIn(b, { prefix: 'tokens', meta: { full_name: 'Isla Mackay' } });
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${b.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { note: 'é'.repeat(7_500) } }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed' });
    expect(await restStatus(token)).toBe(200);
  });

  it('sign-up with oversize data is refused with a 4xx and creates nobody', async () => {
    const email = `tokens-signup-${randomUUID().slice(0, 8)}@example.test`;
    const { error } = await anonClient(b).auth.signUp({
      email,
      password: `Pass-${randomUUID()}`,
      options: { data: { full_name: 'Isla Mackay', note: 'x'.repeat(15_000) } },
    });
    expect(error?.status).toBeGreaterThanOrEqual(400);
    expect(error?.status).toBeLessThan(500);
    expect((await b.db.query('select 1 from auth.users where email = $1', [email])).rows).toEqual([]);
  });

  it('the database refuses to store more than 8 KiB of user_metadata, whoever writes auth.users', async () => {
    const user = await signedIn(b, { prefix: 'tokens', meta: { full_name: 'Isla Mackay' } });
    await expect(
      b.db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb where id = $1`, [
        user.id,
        JSON.stringify({ note: 'x'.repeat(8 * 1024) }),
      ]),
    ).rejects.toThrow(/user_metadata is too large/);
    await expect(
      b.db.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3::jsonb)`,
        [
          randomUUID(),
          `tokens-sql-${randomUUID().slice(0, 8)}@example.test`,
          JSON.stringify({ note: 'x'.repeat(9000) }),
        ],
      ),
    ).rejects.toThrow(/user_metadata is too large/);
    expect(Object.keys(await storedMetadata(user.id))).not.toContain('note');
  });
});

describe('ordinary profile updates', () => {
  it('full_name and avatar_url are saved; the session keeps answering 200', async () => {
    const user = await signedIn(b, { prefix: 'tokens', meta: { full_name: 'Isla Mackay' } });
    const avatar = `${b.url}/storage/v1/object/public/avatars/${user.id}/avatar.png`;
    const { data, error } = await user.client.auth.updateUser({
      data: { full_name: 'Isla M. Mackay', avatar_url: avatar },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Isla M. Mackay', avatar_url: avatar });
    expect(await storedMetadata(user.id)).toMatchObject({ full_name: 'Isla M. Mackay', avatar_url: avatar });
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.user.user_metadata.full_name).toBe('Isla M. Mackay');
    expect(await restStatus(refreshed.data.session!.access_token)).toBe(200);
  });
});
