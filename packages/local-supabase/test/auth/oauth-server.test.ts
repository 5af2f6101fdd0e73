/**
 * Supabase Auth as an OAuth 2.1 / OpenID Connect provider (config.toml `[auth.oauth_server]`), through the real
 * supabase-js for everything it sends (admin client registration, the consent page's getAuthorizationDetails /
 * approveAuthorization / denyAuthorization, listGrants / revokeGrant) and plain HTTP for what a third-party client
 * sends (/oauth/authorize, /oauth/token, /oauth/userinfo, the metadata documents): GoTrue's shapes, status codes and
 * texts, and every bad input refused with nothing changed.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  client,
  decodeJwt,
  email,
  raw,
  startProjectBackend,
  type AuthTestBackend,
} from './harness.ts';

const SITE = 'http://127.0.0.1:3000';
const PORTAL = 'https://portal.pentland.test/callback';
const CLI = 'http://localhost:8765/cb';

const signingKey = (() => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'ES256',
    key_ops: ['sign', 'verify'],
  };
})();

let b: AuthTestBackend; // enabled, dynamic registration, consent page, ES256 keys
let plain: AuthTestBackend; // enabled, HS256 only, no consent page configured, no dynamic registration
let off: AuthTestBackend; // the defaults: disabled

beforeAll(async () => {
  [b, plain, off] = await Promise.all([
    startProjectBackend({
      'config.toml': `[auth]
site_url = "${SITE}"
signing_keys_path = "./signing_keys.json"

[auth.email]
enable_confirmations = false

[auth.oauth_server]
enabled = true
authorization_url_path = "/oauth/consent"
allow_dynamic_registration = true
`,
      'signing_keys.json': JSON.stringify([signingKey]),
    }),
    startProjectBackend({
      'config.toml': `[auth]\nsite_url = "${SITE}"\n\n[auth.email]\nenable_confirmations = false\n\n[auth.oauth_server]\nenabled = true\n`,
    }),
    startProjectBackend({
      'config.toml': `[auth]\nsite_url = "${SITE}"\n\n[auth.email]\nenable_confirmations = false\n`,
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([b?.stop(), plain?.stop(), off?.stop()]);
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Registered {
  id: string;
  secret?: string;
}

async function register(on: AuthTestBackend, body: Record<string, unknown>): Promise<Registered> {
  const made = await admin(on).auth.admin.oauth.createClient(body as never);
  expect(made.error).toBeNull();
  return { id: made.data!.client_id, secret: made.data!.client_secret };
}

/** A user signed in through supabase-js, as on the site's consent page. */
async function signedIn(
  on: AuthTestBackend,
  tag: string,
  data: Record<string, unknown> = {},
): Promise<{ sb: SupabaseClient; id: string; email: string }> {
  const sb = client(on);
  const address = email(tag);
  const r = await sb.auth.signUp({ email: address, password: 'correct horse battery', options: { data } });
  expect(r.error).toBeNull();
  expect(r.data.session).not.toBeNull();
  return { sb, id: r.data.user!.id, email: address };
}

/** The consent page: reads the request (which claims it for the user), then approves it; the code sent back. */
async function approve(user: { sb: SupabaseClient }, authorizationId: string): Promise<string> {
  expect((await user.sb.auth.oauth.getAuthorizationDetails(authorizationId)).error).toBeNull();
  const ok = await user.sb.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
  expect(ok.error).toBeNull();
  return new URL(ok.data!.redirect_url).searchParams.get('code')!;
}

/** The browser's GET /oauth/authorize: the Location it is sent to (or the JSON error). */
async function authorize(on: AuthTestBackend, params: Record<string, string>) {
  const r = await fetch(`${on.url}/auth/v1/oauth/authorize?${new URLSearchParams(params)}`, {
    redirect: 'manual',
  });
  const location = r.headers.get('location');
  return {
    status: r.status,
    location: location ? new URL(location) : null,
    json: location ? null : ((await r.json()) as Record<string, unknown>),
  };
}

function authorizeParams(
  clientId: string,
  redirectUri: string,
  challenge: string,
  extra: Record<string, string> = {},
) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** authorize → the consent page's authorization_id. */
async function startFlow(
  on: AuthTestBackend,
  clientId: string,
  redirectUri: string,
  challenge: string,
  extra: Record<string, string> = {},
) {
  const a = await authorize(on, authorizeParams(clientId, redirectUri, challenge, extra));
  expect(a.status).toBe(302);
  expect(`${a.location!.origin}${a.location!.pathname}`).toBe(`${SITE}/oauth/consent`);
  return a.location!.searchParams.get('authorization_id')!;
}

/** POST /oauth/token as a third-party client: form-encoded, client_secret_basic when a secret is given. */
async function token(
  on: AuthTestBackend,
  form: Record<string, string>,
  c?: Registered,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', ...headers };
  if (c?.secret) h.Authorization = `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`;
  else if (c) form = { client_id: c.id, ...form };
  const r = await fetch(`${on.url}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: h,
    body: new URLSearchParams(form),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

async function count(on: AuthTestBackend, sql: string, params: unknown[] = []): Promise<number> {
  return (await on.sql<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;
}

async function jwks(on: AuthTestBackend) {
  return createLocalJWKSet(
    (await (await fetch(`${on.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: never[] },
  );
}

describe('OAuth 2.1 server: the authorization code flow through supabase-js', () => {
  it('authorize → consent page → approve → code → tokens, refresh, userinfo; the consent is remembered and revocable', async () => {
    const portal = await register(b, {
      client_name: 'Caithness Portal',
      client_uri: 'https://portal.pentland.test',
      redirect_uris: [PORTAL],
    });
    const user = await signedIn(b, 'oauth-flow', {
      name: 'Fiona Sinclair',
      avatar_url: 'https://cdn.pentland.test/fiona.png',
    });
    const { verifier, challenge } = pkce();

    const authorizationId = await startFlow(b, portal.id, PORTAL, challenge, {
      scope: 'openid email profile',
      state: 'st-123',
      nonce: 'n-456',
    });
    expect(authorizationId).toMatch(/^[A-Za-z0-9]{32}$/);

    const details = await user.sb.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details.error).toBeNull();
    expect(details.data).toEqual({
      authorization_id: authorizationId,
      redirect_uri: PORTAL,
      client: { id: portal.id, name: 'Caithness Portal', uri: 'https://portal.pentland.test' },
      user: { id: user.id, email: user.email },
      scope: 'openid email profile',
    });

    const approved = await user.sb.auth.oauth.approveAuthorization(authorizationId, {
      skipBrowserRedirect: true,
    });
    expect(approved.error).toBeNull();
    const back = new URL(approved.data!.redirect_url);
    expect(`${back.origin}${back.pathname}`).toBe(PORTAL);
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await count(b, 'auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null', [
        user.id,
        portal.id,
      ]),
    ).toBe(1);

    // A wrong verifier is refused and the code is still good.
    const wrong = await token(
      b,
      { grant_type: 'authorization_code', code, redirect_uri: PORTAL, code_verifier: pkce().verifier },
      portal,
    );
    expect(wrong).toEqual({
      status: 400,
      json: {
        error: 'invalid_grant',
        error_description:
          'PKCE verification failed: code challenge does not match previously saved code verifier',
      },
    });

    const t = await token(
      b,
      { grant_type: 'authorization_code', code, redirect_uri: PORTAL, code_verifier: verifier },
      portal,
    );
    expect(t.status).toBe(200);
    expect(Object.keys(t.json).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'refresh_token',
      'token_type',
    ]);
    expect(t.json).toMatchObject({ token_type: 'bearer', expires_in: 3600 });

    // The access token is signed with the project's ES256 key and verifies against its published key set.
    const keys = await jwks(b);
    const access = await jwtVerify(t.json.access_token as string, keys, { issuer: `${b.url}/auth/v1` });
    expect(decodeProtectedHeader(t.json.access_token as string)).toMatchObject({
      alg: 'ES256',
      kid: signingKey.kid,
    });
    expect(access.payload).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      client_id: portal.id,
      scope: 'openid email profile',
      aal: 'aal1',
      amr: [{ method: 'oauth_provider/authorization_code' }],
    });
    const session = await b.sql<{ oauth_client_id: string; scopes: string }>(
      'select oauth_client_id, scopes from auth.sessions where id = $1',
      [access.payload.session_id],
    );
    expect(session).toEqual([{ oauth_client_id: portal.id, scopes: 'openid email profile' }]);

    const id = await jwtVerify(t.json.id_token as string, keys, {
      issuer: `${b.url}/auth/v1`,
      audience: portal.id,
    });
    expect(id.payload).toMatchObject({
      sub: user.id,
      nonce: 'n-456',
      email: user.email,
      email_verified: true,
      phone_number_verified: false,
      name: 'Fiona Sinclair',
      picture: 'https://cdn.pentland.test/fiona.png',
      client_id: portal.id,
    });
    expect(typeof id.payload.auth_time).toBe('number');

    // The code was spent.
    const again = await token(b, { grant_type: 'authorization_code', code, code_verifier: verifier }, portal);
    expect(again).toEqual({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
    });

    // The access token works against the rest of Auth, and userinfo answers by scope.
    const me = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${t.json.access_token}` });
    expect(me.status).toBe(200);
    expect(me.json?.id).toBe(user.id);
    const info = await raw(b, 'GET', '/oauth/userinfo', undefined, {
      Authorization: `Bearer ${t.json.access_token}`,
    });
    expect(info.json).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: 'Fiona Sinclair',
      picture: 'https://cdn.pentland.test/fiona.png',
      updated_at: expect.any(Number),
      user_metadata: expect.objectContaining({ name: 'Fiona Sinclair' }),
    });
    // The user's own session (not a client's) has no scopes: only sub.
    const own = (await user.sb.auth.getSession()).data.session!.access_token;
    expect(
      (await raw(b, 'GET', '/oauth/userinfo', undefined, { Authorization: `Bearer ${own}` })).json,
    ).toEqual({ sub: user.id });

    // Refresh through /oauth/token as the client: a rotated pair, still the client's.
    const refreshed = await token(
      b,
      { grant_type: 'refresh_token', refresh_token: t.json.refresh_token as string },
      portal,
    );
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.json).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(refreshed.json.refresh_token).not.toBe(t.json.refresh_token);
    expect(decodeJwt(refreshed.json.access_token as string)).toMatchObject({
      client_id: portal.id,
      scope: 'openid email profile',
      session_id: access.payload.session_id,
    });

    // A client session's refresh token is not for /token, nor for another client; nothing is rotated by trying.
    const viaToken = await raw(b, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: refreshed.json.refresh_token,
    });
    expect(viaToken.status).toBe(400);
    expect(viaToken.json).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    });
    const other = await register(b, { client_name: 'Other', redirect_uris: [CLI], client_type: 'public' });
    const asOther = await token(
      b,
      { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token as string },
      other,
    );
    expect(asOther.json).toEqual({
      error: 'invalid_client',
      error_description: "Client does not match the session's OAuth client",
    });
    // And the user's own refresh token is not for a client.
    const ownRefresh = (await user.sb.auth.getSession()).data.session!.refresh_token;
    const ownAsClient = await token(b, { grant_type: 'refresh_token', refresh_token: ownRefresh }, portal);
    expect(ownAsClient.json).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication not allowed for non-OAuth session',
    });

    // The grant is listed.
    const grants = await user.sb.auth.oauth.listGrants();
    expect(grants.error).toBeNull();
    expect(grants.data).toEqual([
      {
        client: { id: portal.id, name: 'Caithness Portal', uri: 'https://portal.pentland.test' },
        scopes: ['openid', 'email', 'profile'],
        granted_at: expect.any(String),
      },
    ]);

    // A second authorization for scopes already granted skips the consent: the page gets the redirect at once.
    const second = pkce();
    const secondId = await startFlow(b, portal.id, PORTAL, second.challenge, {
      scope: 'email openid',
      state: 'st-2',
    });
    const skipped = await user.sb.auth.oauth.getAuthorizationDetails(secondId);
    expect(skipped.error).toBeNull();
    expect(Object.keys(skipped.data!)).toEqual(['redirect_url']);
    const secondBack = new URL((skipped.data as { redirect_url: string }).redirect_url);
    expect(secondBack.searchParams.get('state')).toBe('st-2');
    const t2 = await token(
      b,
      {
        grant_type: 'authorization_code',
        code: secondBack.searchParams.get('code')!,
        code_verifier: second.verifier,
      },
      portal,
    );
    expect(t2.status).toBe(200);
    expect(
      await count(b, 'auth.sessions where user_id = $1 and oauth_client_id = $2', [user.id, portal.id]),
    ).toBe(2);

    // Revoking the grant ends the client's sessions: its refresh tokens stop working; the user's own session stays.
    const revoked = await user.sb.auth.oauth.revokeGrant({ clientId: portal.id });
    expect(revoked).toEqual({ data: {}, error: null });
    expect(
      await count(b, 'auth.sessions where user_id = $1 and oauth_client_id = $2', [user.id, portal.id]),
    ).toBe(0);
    const dead = await token(
      b,
      { grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token as string },
      portal,
    );
    expect(dead.status).toBe(400);
    expect(dead.json).toMatchObject({
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    expect((await user.sb.auth.oauth.listGrants()).data).toEqual([]);
    expect((await user.sb.auth.getUser()).error).toBeNull();
    const twice = await user.sb.auth.oauth.revokeGrant({ clientId: portal.id });
    expect(twice.error?.status).toBe(404);
    expect(twice.error?.code).toBe('oauth_consent_not_found');

    // After revocation the user is asked again.
    const third = await startFlow(b, portal.id, PORTAL, pkce().challenge, { scope: 'email' });
    expect((await user.sb.auth.oauth.getAuthorizationDetails(third)).data).toMatchObject({
      authorization_id: third,
    });
  });

  it('a public client: default scope, client_id alone at the token endpoint, no ID token without openid; deny sends access_denied', async () => {
    const cli = await register(b, {
      client_name: 'Pentland CLI',
      redirect_uris: [CLI],
      client_type: 'public',
    });
    expect(cli.secret).toBeUndefined();
    const user = await signedIn(b, 'oauth-public');

    const denied = await startFlow(b, cli.id, CLI, pkce().challenge, { state: 'keep-me' });
    expect((await user.sb.auth.oauth.getAuthorizationDetails(denied)).error).toBeNull();
    const no = await user.sb.auth.oauth.denyAuthorization(denied, { skipBrowserRedirect: true });
    expect(no.error).toBeNull();
    const noUrl = new URL(no.data!.redirect_url);
    expect(`${noUrl.origin}${noUrl.pathname}`).toBe(CLI);
    expect(Object.fromEntries(noUrl.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'User denied the request',
      state: 'keep-me',
    });
    expect(
      (
        await b.sql<{ status: string }>(
          'select status from auth.oauth_authorizations where authorization_id = $1',
          [denied],
        )
      )[0]!.status,
    ).toBe('denied');
    expect(await count(b, 'auth.oauth_consents where user_id = $1', [user.id])).toBe(0);
    const late = await user.sb.auth.oauth.approveAuthorization(denied, { skipBrowserRedirect: true });
    expect(late.error?.status).toBe(400);
    expect(late.error?.message).toBe('authorization request is no longer pending');
    const reread = await user.sb.auth.oauth.getAuthorizationDetails(denied);
    expect(reread.error?.message).toBe('authorization request cannot be processed');

    const { verifier, challenge } = pkce();
    const id = await startFlow(b, cli.id, CLI, challenge);
    expect((await user.sb.auth.oauth.getAuthorizationDetails(id)).data).toMatchObject({
      scope: 'email',
      client: { id: cli.id, name: 'Pentland CLI' },
    });
    const ok = await user.sb.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    const code = new URL(ok.data!.redirect_url).searchParams.get('code')!;
    const t = await token(b, { grant_type: 'authorization_code', code, code_verifier: verifier }, cli);
    expect(t.status).toBe(200);
    expect(t.json.id_token).toBeUndefined();
    expect(decodeJwt(t.json.access_token as string)).toMatchObject({
      client_id: cli.id,
      scope: 'email',
      sub: user.id,
    });
    const info = await raw(b, 'GET', '/oauth/userinfo', undefined, {
      Authorization: `Bearer ${t.json.access_token}`,
    });
    expect(info.json).toEqual({ sub: user.id, email: user.email, email_verified: true });
    // A public client that sends a secret used a method it did not register.
    const withSecret = await token(b, {
      grant_type: 'refresh_token',
      refresh_token: t.json.refresh_token as string,
      client_id: cli.id,
      client_secret: 'x',
    });
    expect(withSecret.json).toMatchObject({
      error_code: 'invalid_credentials',
      msg: "invalid authentication method: client is registered for 'none' but 'client_secret_post' was used",
    });
  });

  it('of two concurrent exchanges of one code, exactly one gets tokens', async () => {
    const portal = await register(b, { client_name: 'Race', redirect_uris: [PORTAL] });
    const user = await signedIn(b, 'oauth-race');
    const { verifier, challenge } = pkce();
    const id = await startFlow(b, portal.id, PORTAL, challenge);
    const code = await approve(user, id);
    const both = await Promise.all(
      [1, 2].map(() => token(b, { grant_type: 'authorization_code', code, code_verifier: verifier }, portal)),
    );
    expect(both.map((x) => x.status).sort()).toEqual([200, 400]);
    expect(
      await count(b, 'auth.sessions where user_id = $1 and oauth_client_id = $2', [user.id, portal.id]),
    ).toBe(1);
  });
});

describe('OAuth 2.1 server: bad input is refused as GoTrue refuses it, and changes nothing', () => {
  it('/oauth/authorize: an unknown client or redirect URI is answered here; other problems go back to the redirect URI', async () => {
    const portal = await register(b, { client_name: 'Checks', redirect_uris: [PORTAL] });
    const { challenge } = pkce();
    const before = await count(b, 'auth.oauth_authorizations');
    const here: [Record<string, string>, string, string][] = [
      [{ redirect_uri: PORTAL }, 'validation_failed', 'client_id is required'],
      [{ client_id: portal.id }, 'validation_failed', 'redirect_uri is required'],
      [
        { client_id: 'not-a-uuid', redirect_uri: PORTAL },
        'oauth_client_not_found',
        'invalid client_id format',
      ],
      [{ client_id: randomUUID(), redirect_uri: PORTAL }, 'oauth_client_not_found', 'invalid client_id'],
      [{ client_id: portal.id, redirect_uri: `${PORTAL}/` }, 'validation_failed', 'invalid redirect_uri'],
      [
        { client_id: portal.id, redirect_uri: 'https://evil.example/callback' },
        'validation_failed',
        'invalid redirect_uri',
      ],
    ];
    for (const [params, code, msg] of here) {
      const r = await authorize(b, {
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...params,
      });
      expect(r.status, msg).toBe(400);
      expect(r.json, msg).toMatchObject({ error_code: code, msg });
    }
    const back: [Record<string, string>, string][] = [
      [{ code_challenge: '' }, 'PKCE flow requires both code_challenge and code_challenge_method'],
      [{ code_challenge_method: '' }, 'PKCE flow requires both code_challenge and code_challenge_method'],
      [{ code_challenge_method: 'S512' }, "code_challenge_method must be 'S256' or 'plain'"],
      [{ code_challenge: 'too-short' }, 'code_challenge must be between 43 and 128 characters'],
      [{ response_type: 'token' }, 'only response_type=code is supported'],
      [{ scope: 'email admin' }, 'unsupported scope: admin'],
      [{ resource: 'api.pentland.test' }, 'resource must be an absolute URI'],
      [{ resource: 'https://api.pentland.test/?x=1' }, 'resource must not include a query component'],
    ];
    for (const [extra, description] of back) {
      const r = await authorize(b, {
        ...authorizeParams(portal.id, PORTAL, challenge, { state: 's' }),
        ...extra,
      });
      expect(r.status, description).toBe(302);
      expect(`${r.location!.origin}${r.location!.pathname}`).toBe(PORTAL);
      expect(Object.fromEntries(r.location!.searchParams), description).toEqual({
        error: 'invalid_request',
        error_description: description,
        state: 's',
      });
    }
    // A state longer than the column allows cannot be stored: server_error at the redirect URI, not a 500.
    const long = await authorize(
      b,
      authorizeParams(portal.id, PORTAL, challenge, { state: 'x'.repeat(5000) }),
    );
    expect(long.status).toBe(302);
    expect(long.location!.searchParams.get('error')).toBe('server_error');
    expect(long.location!.searchParams.get('error_description')).toBe('error creating authorization');
    expect(await count(b, 'auth.oauth_authorizations')).toBe(before);
  });

  it("the consent page: another user's request, unknown or malformed ids, expired requests, a foreign origin, a bad action", async () => {
    const portal = await register(b, { client_name: 'Consent checks', redirect_uris: [PORTAL] });
    const owner = await signedIn(b, 'oauth-owner');
    const intruder = await signedIn(b, 'oauth-intruder');
    const id = await startFlow(b, portal.id, PORTAL, pkce().challenge);
    expect((await owner.sb.auth.oauth.getAuthorizationDetails(id)).error).toBeNull();

    const theirs = await intruder.sb.auth.oauth.getAuthorizationDetails(id);
    expect(theirs.error?.status).toBe(404);
    expect(theirs.error?.code).toBe('oauth_authorization_not_found');
    const steal = await intruder.sb.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    expect(steal.error?.status).toBe(404);
    expect(
      (await intruder.sb.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true })).error?.status,
    ).toBe(404);
    const row = await b.sql<{ status: string; user_id: string; authorization_code: string | null }>(
      'select status, user_id, authorization_code from auth.oauth_authorizations where authorization_id = $1',
      [id],
    );
    expect(row).toEqual([{ status: 'pending', user_id: owner.id, authorization_code: null }]);

    // A request no one has opened yet cannot be approved outright (the page must read it first).
    const unopened = await startFlow(b, portal.id, PORTAL, pkce().challenge);
    expect(
      (await intruder.sb.auth.oauth.approveAuthorization(unopened, { skipBrowserRedirect: true })).error
        ?.status,
    ).toBe(404);

    for (const bad of ['nope', 'x'.repeat(2000), "1' or '1'='1", '%E2%82%AC', randomUUID()]) {
      const r = await owner.sb.auth.oauth.getAuthorizationDetails(bad);
      expect(r.error?.status, bad).toBe(404);
      expect(r.error?.code, bad).toBe('oauth_authorization_not_found');
    }

    const token = (await owner.sb.auth.getSession()).data.session!.access_token;
    const auth = { Authorization: `Bearer ${token}` };
    expect((await raw(b, 'GET', `/oauth/authorizations/${id}`)).status).toBe(401);
    const foreign = await raw(b, 'GET', `/oauth/authorizations/${id}`, undefined, {
      ...auth,
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ code: 'validation_failed', msg: 'unauthorized request origin' });
    expect(
      (await raw(b, 'GET', `/oauth/authorizations/${id}`, undefined, { ...auth, Origin: SITE })).status,
    ).toBe(200);
    const maybe = await raw(b, 'POST', `/oauth/authorizations/${id}/consent`, { action: 'maybe' }, auth);
    expect(maybe.json).toMatchObject({
      code: 'validation_failed',
      msg: "action must be 'approve' or 'deny'",
    });
    const badJson = await raw(b, 'POST', `/oauth/authorizations/${id}/consent`, '{"action":', auth);
    expect(badJson.json).toMatchObject({ code: 'bad_json', msg: 'invalid JSON body' });
    expect(
      (
        await b.sql<{ status: string }>(
          'select status from auth.oauth_authorizations where authorization_id = $1',
          [id],
        )
      )[0]!.status,
    ).toBe('pending');

    // Past its lifetime the request is gone for good (and marked expired).
    await b.sql(
      `update auth.oauth_authorizations set created_at = now() - interval '1 hour', expires_at = now() - interval '1 minute' where authorization_id = $1`,
      [id],
    );
    const gone = await owner.sb.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    expect(gone.error?.status).toBe(404);
    expect(
      (
        await b.sql<{ status: string }>(
          'select status from auth.oauth_authorizations where authorization_id = $1',
          [id],
        )
      )[0]!.status,
    ).toBe('expired');
    expect(await count(b, 'auth.oauth_consents where user_id = $1', [owner.id])).toBe(0);
  });

  it('/oauth/token: client authentication and the code grant refuse with GoTrue errors and leave the code unspent', async () => {
    const portal = await register(b, { client_name: 'Token checks', redirect_uris: [PORTAL] });
    const post = await register(b, {
      client_name: 'Posting',
      redirect_uris: [PORTAL],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const codeOnly = await register(b, {
      client_name: 'No refresh',
      redirect_uris: [PORTAL],
      grant_types: ['authorization_code'],
    });
    const user = await signedIn(b, 'oauth-token');
    const { verifier, challenge } = pkce();
    const id = await startFlow(b, portal.id, PORTAL, challenge);
    const code = await approve(user, id);
    const grant = { grant_type: 'authorization_code', code, code_verifier: verifier };
    const sessionsBefore = await count(b, 'auth.sessions where user_id = $1', [user.id]);

    const creds = (msg: string) => ({
      status: 400,
      json: expect.objectContaining({ error_code: 'invalid_credentials', msg }),
    });
    const oauthErr = (error: string, error_description: string) => ({
      status: 400,
      json: { error, error_description },
    });
    expect(await token(b, grant)).toEqual(creds('Invalid client credentials: client_id is required'));
    expect(await token(b, grant, { id: portal.id, secret: 'wrong' })).toEqual(
      creds('invalid client credentials'),
    );
    expect(await token(b, grant, undefined, { Authorization: 'Basic %%%' })).toEqual(
      creds('Invalid client credentials: invalid basic auth encoding'),
    );
    expect(
      await token(b, grant, undefined, {
        Authorization: `Basic ${Buffer.from('no-colon').toString('base64')}`,
      }),
    ).toEqual(creds('Invalid client credentials: invalid basic auth format'));
    expect(await token(b, { ...grant, client_id: 'nope' })).toEqual(creds('Invalid client_id format'));
    expect(await token(b, { ...grant, client_id: randomUUID() })).toEqual(
      creds('Invalid client credentials'),
    );
    expect(await token(b, { ...grant, client_id: portal.id, client_secret: portal.secret! })).toEqual(
      creds(
        "invalid authentication method: client is registered for 'client_secret_basic' but 'client_secret_post' was used",
      ),
    );
    expect(await token(b, { ...grant, client_id: portal.id })).toEqual(
      creds(
        "invalid authentication method: client is registered for 'client_secret_basic' but 'none' was used",
      ),
    );
    const badBody = await fetch(`${b.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"client_id":',
    });
    expect(await badBody.json()).toMatchObject({
      error_code: 'invalid_credentials',
      msg: 'Invalid client credentials: failed to parse JSON body',
    });

    expect(await token(b, { code, code_verifier: verifier }, portal)).toEqual(
      oauthErr('invalid_request', 'grant_type is required'),
    );
    expect(await token(b, { ...grant, grant_type: 'password' }, portal)).toEqual(
      oauthErr('unsupported_grant_type', 'Client is not allowed to use grant type: password'),
    );
    expect(await token(b, { grant_type: 'refresh_token', refresh_token: 'x' }, codeOnly)).toEqual(
      oauthErr('unsupported_grant_type', 'Client is not allowed to use grant type: refresh_token'),
    );
    expect(await token(b, { grant_type: 'authorization_code', code_verifier: verifier }, portal)).toEqual(
      oauthErr('invalid_request', 'code is required for authorization_code grant'),
    );
    for (const bad of ['nope', randomUUID(), 'x'.repeat(5000)]) {
      expect(await token(b, { ...grant, code: bad }, portal)).toEqual(
        oauthErr('invalid_grant', 'Invalid authorization code'),
      );
    }
    expect(await token(b, { ...grant, client_id: post.id, client_secret: post.secret! })).toEqual(
      oauthErr('invalid_grant', 'Authorization code was not issued for this client'),
    );
    expect(await token(b, { ...grant, redirect_uri: 'https://portal.pentland.test/other' }, portal)).toEqual(
      oauthErr('invalid_grant', 'Invalid redirect_uri'),
    );
    expect(await token(b, { ...grant, code_verifier: '' }, portal)).toEqual(
      oauthErr(
        'invalid_grant',
        'PKCE verification failed: code_verifier is required when PKCE challenge is present',
      ),
    );
    expect(await token(b, { grant_type: 'refresh_token' }, portal)).toEqual(
      oauthErr('invalid_request', 'refresh_token is required for refresh_token grant'),
    );

    // None of that spent the code or made a session.
    expect(await count(b, 'auth.sessions where user_id = $1', [user.id])).toBe(sessionsBefore);
    expect(
      (
        await b.sql<{ status: string }>(
          'select status from auth.oauth_authorizations where authorization_id = $1',
          [id],
        )
      )[0]!.status,
    ).toBe('approved');

    // An expired code is refused, also unspent.
    await b.sql(
      `update auth.oauth_authorizations set created_at = now() - interval '1 hour', expires_at = now() - interval '1 minute' where authorization_id = $1`,
      [id],
    );
    expect(await token(b, grant, portal)).toEqual(
      oauthErr('invalid_grant', 'Authorization code has expired'),
    );
    expect(await count(b, 'auth.sessions where user_id = $1', [user.id])).toBe(sessionsBefore);

    // A JSON body with client_secret_post works as a form does.
    const { verifier: v2, challenge: c2 } = pkce();
    const id2 = await startFlow(b, post.id, PORTAL, c2);
    const code2 = await approve(user, id2);
    const json = await fetch(`${b.url}/auth/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: code2,
        code_verifier: v2,
        redirect_uri: PORTAL,
        client_id: post.id,
        client_secret: post.secret,
      }),
    });
    expect(json.status).toBe(200);
    expect(decodeJwt(((await json.json()) as { access_token: string }).access_token)).toMatchObject({
      client_id: post.id,
    });
  });
});

describe('OAuth 2.1 server: configuration', () => {
  it('publishes its metadata (OIDC discovery and RFC 8414), with the registration endpoint when dynamic registration is allowed', async () => {
    const issuer = `${b.url}/auth/v1`;
    const oidc = await raw(b, 'GET', '/.well-known/openid-configuration');
    expect(oidc.status).toBe(200);
    expect(oidc.json).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      registration_endpoint: `${issuer}/oauth/clients/register`,
      scopes_supported: ['openid', 'profile', 'email', 'phone', 'offline_access'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256', 'plain'],
    });
    expect((await raw(b, 'GET', '/.well-known/oauth-authorization-server')).json).toEqual(oidc.json);
    expect(
      (await raw(plain, 'GET', '/.well-known/openid-configuration')).json?.registration_endpoint,
    ).toBeUndefined();
  });

  it('dynamic registration: open when allowed (rate-limited), 403 otherwise', async () => {
    const r = await raw(b, 'POST', '/oauth/clients/register', {
      client_name: 'MCP tool',
      redirect_uris: [CLI],
      token_endpoint_auth_method: 'none',
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      client_type: 'public',
      registration_type: 'dynamic',
      token_endpoint_auth_method: 'none',
      redirect_uris: [CLI],
    });
    const bad = await raw(b, 'POST', '/oauth/clients/register', {
      redirect_uris: ['http://evil.example/cb'],
    });
    expect(bad.json).toMatchObject({
      code: 'validation_failed',
      msg: "invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
    });
    const closed = await raw(plain, 'POST', '/oauth/clients/register', { redirect_uris: [CLI] });
    expect(closed.status).toBe(403);
    expect(closed.json).toMatchObject({
      code: 'oauth_dynamic_client_registration_disabled',
      msg: 'Dynamic client registration is not enabled',
    });
    expect(await count(plain, 'auth.oauth_clients')).toBe(0);
    // Counted per client address before anything else (GoTrue: bursts of 30 per 5 minutes).
    const answers: number[] = [];
    for (let i = 0; i < 31; i++)
      answers.push((await raw(plain, 'POST', '/oauth/clients/register', { redirect_uris: [CLI] })).status);
    expect(answers.filter((s) => s === 403).length).toBe(29);
    expect(answers.at(-1)).toBe(429);
  });

  it('without a consent page configured the browser goes back with server_error; without an asymmetric key an openid code is refused unspent', async () => {
    const portal = await register(plain, { client_name: 'HS', redirect_uris: [PORTAL] });
    const { verifier, challenge } = pkce();
    const a = await authorize(
      plain,
      authorizeParams(portal.id, PORTAL, challenge, { scope: 'openid', state: 'z' }),
    );
    expect(a.status).toBe(302);
    expect(Object.fromEntries(a.location!.searchParams)).toEqual({
      error: 'server_error',
      error_description: 'oauth authorization path not configured',
      state: 'z',
    });
    // The request itself was stored (GoTrue stores it before it looks for the page): approve it from its id.
    const id = (
      await plain.sql<{ authorization_id: string }>(
        'select authorization_id from auth.oauth_authorizations where client_id = $1',
        [portal.id],
      )
    )[0]!.authorization_id;
    const user = await signedIn(plain, 'oauth-hs');
    expect((await user.sb.auth.oauth.getAuthorizationDetails(id)).error).toBeNull();
    const code = new URL(
      (await user.sb.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true })).data!.redirect_url,
    ).searchParams.get('code')!;
    const t = await token(plain, { grant_type: 'authorization_code', code, code_verifier: verifier }, portal);
    expect(t.status).toBe(400);
    expect(t.json.error).toBe('server_error');
    expect(await count(plain, 'auth.sessions where oauth_client_id = $1', [portal.id])).toBe(0);
    expect(
      (
        await plain.sql<{ status: string }>(
          'select status from auth.oauth_authorizations where id is not null and client_id = $1',
          [portal.id],
        )
      )[0]!.status,
    ).toBe('approved');
  });

  it('disabled by default: every OAuth server route answers 404 feature_disabled, discovery still answers', async () => {
    const disabled = { code: 'feature_disabled', msg: 'OAuth server is disabled' };
    for (const [method, path] of [
      ['GET', `/oauth/authorize?client_id=${randomUUID()}&redirect_uri=${encodeURIComponent(PORTAL)}`],
      ['POST', '/oauth/token'],
      ['POST', '/oauth/clients/register'],
      ['GET', '/oauth/userinfo'],
      ['GET', '/oauth/authorizations/abc'],
      ['POST', '/oauth/authorizations/abc/consent'],
      ['GET', '/.well-known/oauth-authorization-server'],
    ] as const) {
      const r = await raw(off, method, path, method === 'POST' ? {} : undefined);
      expect(r.status, path).toBe(404);
      expect(r.json, path).toMatchObject(disabled);
    }
    expect((await raw(off, 'GET', '/.well-known/openid-configuration')).status).toBe(200);
    const user = await signedIn(off, 'oauth-off');
    const grants = await user.sb.auth.oauth.listGrants();
    expect(grants.error?.status).toBe(404);
    expect(grants.error?.code).toBe('feature_disabled');
    expect((await user.sb.auth.oauth.revokeGrant({ clientId: randomUUID() })).error?.code).toBe(
      'feature_disabled',
    );
    // Signed-out callers of the user routes are asked to sign in first (GoTrue's order under /user).
    expect((await raw(off, 'GET', '/user/oauth/grants')).status).toBe(401);
  });

  it('revokeGrant refuses a missing or malformed client id', async () => {
    const user = await signedIn(b, 'oauth-revoke');
    const auth = { Authorization: `Bearer ${(await user.sb.auth.getSession()).data.session!.access_token}` };
    expect((await raw(b, 'DELETE', '/user/oauth/grants', undefined, auth)).json).toMatchObject({
      code: 'validation_failed',
      msg: 'client_id query parameter is required',
    });
    expect((await raw(b, 'DELETE', '/user/oauth/grants?client_id=nope', undefined, auth)).json).toMatchObject(
      { code: 'validation_failed', msg: 'invalid client_id format' },
    );
    expect((await user.sb.auth.oauth.revokeGrant({ clientId: randomUUID() })).error?.code).toBe(
      'oauth_consent_not_found',
    );
  });
});
