/**
 * The admin API of the project's own OAuth 2.1 server's clients (supabase-js auth.admin.oauth.*), as config.toml
 * `[auth.oauth_server] enabled = true` turns it on: GoTrue's validation, defaults, secret shown once, soft delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, raw, startProjectBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startProjectBackend({
    'config.toml': '[auth]\nsite_url = "http://127.0.0.1:3000"\n\n[auth.oauth_server]\nenabled = true\n',
  });
});

afterAll(async () => {
  await b?.stop();
});

describe('OAuth server clients (admin)', () => {
  it('registers a confidential client by default, shows its secret once, updates partially, regenerates, deletes', async () => {
    const oauth = admin(b).auth.admin.oauth;
    const made = await oauth.createClient({
      client_name: 'Caithness Portal',
      redirect_uris: ['https://portal.pentland.test/callback'],
    });
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({
      client_name: 'Caithness Portal',
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
      redirect_uris: ['https://portal.pentland.test/callback'],
    });
    const id = made.data!.client_id;
    const secret = made.data!.client_secret!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await b.sql<{ client_secret_hash: string }>(
      'select client_secret_hash from auth.oauth_clients where id = $1',
      [id],
    );
    expect(stored[0]!.client_secret_hash).not.toContain(secret);

    const got = await oauth.getClient(id);
    expect(got.data?.client_id).toBe(id);
    expect((got.data as unknown as Record<string, unknown>).client_secret).toBeUndefined();

    const renamed = await oauth.updateClient(id, { logo_uri: 'https://portal.pentland.test/logo.png' });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({
      client_name: 'Caithness Portal',
      logo_uri: 'https://portal.pentland.test/logo.png',
    });

    const again = await oauth.regenerateClientSecret(id);
    expect(again.error).toBeNull();
    expect(again.data?.client_secret).toBeTruthy();
    expect(again.data?.client_secret).not.toBe(secret);

    // client_type is GoTrue's parameter, beyond supabase-js's CreateOAuthClientParams type.
    const publicClient = await oauth.createClient({
      client_name: 'CLI',
      redirect_uris: ['http://localhost:8080/cb'],
      client_type: 'public',
    } as Parameters<typeof oauth.createClient>[0]);
    expect(publicClient.data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(publicClient.data?.client_secret).toBeUndefined();
    expect((await oauth.regenerateClientSecret(publicClient.data!.client_id)).error?.message).toBe(
      'Cannot regenerate secret for public client',
    );

    const listed = await oauth.listClients();
    expect(listed.data?.clients.map((c) => c.client_id).slice(0, 2)).toEqual([
      publicClient.data!.client_id,
      id,
    ]);

    expect((await oauth.deleteClient(id)).error).toBeNull();
    const gone = await oauth.getClient(id);
    expect(gone.data).toBeNull();
    expect(gone.error?.status).toBe(404);
    expect((await oauth.listClients()).data?.clients.map((c) => c.client_id)).not.toContain(id);
  });

  it('refuses what GoTrue refuses, with its messages, and changes nothing', async () => {
    const oauth = admin(b).auth.admin.oauth;
    const before = (await b.sql<{ n: number }>('select count(*)::int as n from auth.oauth_clients'))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: 'x', redirect_uris: [] }, 'redirect_uris is required'],
      [
        { redirect_uris: ['http://evil.example/cb'] },
        "invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ['javascript:alert(1)'] },
        "invalid redirect_uri 'javascript:alert(1)': scheme 'javascript' is not allowed for security reasons",
      ],
      [
        { redirect_uris: ['https://a.pentland.test/cb#x'] },
        "invalid redirect_uri 'https://a.pentland.test/cb#x': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: ['https://a.pentland.test/cb'], grant_types: ['password'] },
        "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        {
          redirect_uris: ['https://a.pentland.test/cb'],
          client_type: 'public',
          token_endpoint_auth_method: 'client_secret_post',
        },
        "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
      ],
      [
        { redirect_uris: ['https://a.pentland.test/cb'], logo_uri: 'not a url' },
        'logo_uri must be a valid URL',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await raw(b, 'POST', '/admin/oauth/clients', body, {
        Authorization: `Bearer ${b.serviceRoleKey}`,
      });
      expect(r.status, msg).toBe(400);
      expect(r.json, msg).toMatchObject({ code: 'validation_failed', msg });
    }
    expect((await b.sql<{ n: number }>('select count(*)::int as n from auth.oauth_clients'))[0]!.n).toBe(
      before,
    );
    const missing = await oauth.getClient('00000000-0000-0000-0000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('oauth_client_not_found');
    const badId = await raw(b, 'GET', '/admin/oauth/clients/not-a-uuid', undefined, {
      Authorization: `Bearer ${b.serviceRoleKey}`,
    });
    expect(badId.json).toMatchObject({ code: 'validation_failed', msg: 'invalid client_id format' });
    const made = await oauth.createClient({ client_name: '', redirect_uris: ['https://a.pentland.test/cb'] });
    expect(
      (
        await raw(
          b,
          'PUT',
          `/admin/oauth/clients/${made.data!.client_id}`,
          {},
          { Authorization: `Bearer ${b.serviceRoleKey}` },
        )
      ).json,
    ).toMatchObject({
      msg: 'No fields provided for update',
    });
    const asUser = await raw(b, 'GET', '/admin/oauth/clients', undefined, {
      Authorization: `Bearer ${b.anonKey}`,
    });
    expect(asUser.status).toBe(403);
  });
});
