/**
 * Auth as a project's config.toml configures it (the settings `supabase start` applies), and GoTrue's answers where
 * they matter to a client: the admin API's validation and paging, the id_token grant's errors, features this backend
 * does not offer (Web3, SAML, SMS), and verify's parameter rules.
 */
import { hashSync } from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  client,
  email,
  lastMail,
  raw,
  startProjectBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

const toml = `[auth]
site_url = "http://127.0.0.1:4173"
additional_redirect_urls = ["http://127.0.0.1:4173/welcome"]
jwt_expiry = 600
enable_signup = true
enable_anonymous_sign_ins = false
enable_manual_linking = false
minimum_password_length = 8

[auth.rate_limit]
sign_in_sign_ups = 500
token_verifications = 500

[auth.email]
enable_confirmations = false
max_frequency = "1s"

[auth.mfa.web_authn]
enroll_enabled = true

[auth.external.google]
enabled = true
client_id = "google-client.apps.example"
secret = "env(PENTLAND_TEST_GOOGLE_SECRET)"
`;

let b: AuthTestBackend;
const sa = () => ({ Authorization: `Bearer ${b.serviceRoleKey}` });

beforeAll(async () => {
  b = await startProjectBackend({ 'config.toml': toml });
});

afterAll(async () => {
  await b?.stop();
});

describe('config.toml [auth]', () => {
  it('applies the project settings: providers, autoconfirm, password length, expiry, redirects', async () => {
    const s = await raw(b, 'GET', '/settings');
    expect(s.json).toMatchObject({
      external: { google: true, anonymous_users: false, email: true },
      mailer_autoconfirm: true,
    });
    const weak = await raw(b, 'POST', '/signup', { email: email('toml'), password: 'Seven-7' });
    expect(weak.status).toBe(422);
    expect(weak.json).toMatchObject({
      code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
    });
    const ok = await raw(b, 'POST', '/signup', { email: email('toml'), password: 'Eight-88' });
    expect(ok.status).toBe(200);
    expect(ok.json?.expires_in).toBe(600);

    const addr = String((ok.json?.user as { email: string }).email);
    expect(
      (await client(b).auth.resetPasswordForEmail(addr, { redirectTo: 'http://127.0.0.1:4173/welcome' }))
        .error,
    ).toBeNull();
    expect(new URL(verifyLink(await lastMail(b, addr))).searchParams.get('redirect_to')).toBe(
      'http://127.0.0.1:4173/welcome',
    );

    const google = await client(b).auth.signInWithOAuth({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    const url = new URL(google.data.url!);
    const to = await fetch(url, { redirect: 'manual' });
    const provider = new URL(to.headers.get('location')!);
    expect(provider.origin).toBe('https://accounts.google.com');
    expect(provider.searchParams.get('client_id')).toBe('google-client.apps.example');
  });

  it('leaves anonymous sign-ins, manual linking and the OAuth server off unless enabled', async () => {
    const clients = await admin(b).auth.admin.oauth.listClients();
    expect(clients.error?.status).toBe(404);
    expect(clients.error?.code).toBe('feature_disabled');
    const anon = await client(b).auth.signInAnonymously();
    expect(anon.error?.code).toBe('anonymous_provider_disabled');
    const sb = client(b);
    await sb.auth.signUp({ email: email('linking'), password: 'Linking-88' });
    const link = await sb.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error?.status).toBe(404);
    expect(link.error?.code).toBe('manual_linking_disabled');
    const ids = await sb.auth.getUserIdentities();
    const unlink = await sb.auth.unlinkIdentity(ids.data!.identities[0]!);
    expect(unlink.error?.code).toBe('manual_linking_disabled');
  });
});

describe('WebAuthn factors (enrolment enabled in config.toml)', () => {
  it('enrols an unverified WebAuthn factor, refuses its challenge (no authenticator here), unenrols it', async () => {
    const sb = client(b);
    await sb.auth.signUp({ email: email('webauthn'), password: 'Webauthn-88' });
    const en = await sb.auth.mfa.webauthn.enroll({ friendlyName: '' });
    expect(en.error).toBeNull();
    expect(en.data).toMatchObject({ type: 'webauthn', friendly_name: '' });
    const factors = await sb.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([
      expect.objectContaining({ id: en.data!.id, factor_type: 'webauthn', status: 'unverified' }),
    ]);
    const ch = await raw(
      b,
      'POST',
      `/factors/${en.data!.id}/challenge`,
      {},
      { Authorization: `Bearer ${(await sb.auth.getSession()).data.session!.access_token}` },
    );
    expect(ch.status).toBe(422);
    expect(ch.json?.code).toBe('mfa_webauthn_verify_not_enabled');
    expect((await sb.auth.mfa.unenroll({ factorId: en.data!.id })).error).toBeNull();
    expect((await sb.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});

describe('admin API validation and paging', () => {
  it("keeps exactly the metadata given for the users it makes (a sign-up's also carries the identity's)", async () => {
    const made = await admin(b).auth.admin.createUser({
      email: email('meta'),
      user_metadata: { favourite: 'Dunnet Head' },
    });
    expect(made.data.user?.user_metadata).toEqual({ favourite: 'Dunnet Head' });
    const link = await admin(b).auth.admin.generateLink({
      type: 'signup',
      email: email('meta'),
      password: 'Generated-88',
      options: { data: { plan: 'free' } },
    });
    expect(link.data.user?.user_metadata).toEqual({ plan: 'free' });
    const signed = await raw(b, 'POST', '/signup', {
      email: email('meta'),
      password: 'Signed-up-88',
      data: { plan: 'free' },
    });
    expect((signed.json?.user as { user_metadata: Record<string, unknown> }).user_metadata).toMatchObject({
      plan: 'free',
      email_verified: true,
    });
  });

  it('refuses a user without an address, an invalid address, and a path id that is not a UUID', async () => {
    const none = await raw(b, 'POST', '/admin/users', { user_metadata: { a: 1 } }, sa());
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({
      code: 'validation_failed',
      msg: 'Cannot create a user without either an email or phone',
    });
    const bad = await admin(b).auth.admin.createUser({ email: 'xx:;x@x.x', password: 'Some-pass-88' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
    const invite = await admin(b).auth.admin.inviteUserByEmail('still not an address');
    expect(invite.error?.message).toBe('Unable to validate email address: invalid format');
    const byId = await raw(b, 'GET', '/admin/users/not-a-uuid', undefined, sa());
    expect(byId.status).toBe(404);
    expect(byId.json).toMatchObject({ code: 'validation_failed', msg: 'user_id must be an UUID' });
  });

  it('lists newest first, refuses negative pages, filters, and pages with X-Total-Count and Link', async () => {
    const tag = `page${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await admin(b).auth.admin.createUser({
        email: email(`${tag}-${i}`),
        user_metadata: { full_name: `Paged ${tag} ${i}` },
      });
      made.push(r.data.user!.id);
    }
    const page1 = await raw(b, 'GET', `/admin/users?page=1&per_page=2&filter=${tag}`, undefined, sa());
    expect((page1.json?.users as { id: string }[]).map((u) => u.id)).toEqual([made[2], made[1]]);
    expect(page1.headers.get('x-total-count')).toBe('3');
    expect(page1.headers.get('link')).toContain('rel="next"');
    const page2 = await admin(b).auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.error).toBeNull();
    const negative = await raw(b, 'GET', '/admin/users?page=-1', undefined, sa());
    expect(negative.status).toBe(400);
    expect(negative.json?.code).toBe('validation_failed');
    expect(String(negative.json?.msg)).toMatch(/^Bad Pagination Parameters/);
    const viaJs = await admin(b).auth.admin.listUsers({ page: -2, perPage: 10 });
    expect(viaJs.error?.status).toBe(400);
  });

  it('sorts the list by created_at as GoTrue does, refusing other fields and directions', async () => {
    const tag = `sort${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await admin(b).auth.admin.createUser({ email: email(`${tag}-${i}`) })).data.user!.id);
    const ids = async (sort: string) =>
      (
        (await raw(b, 'GET', `/admin/users?filter=${tag}${sort}`, undefined, sa())).json?.users as {
          id: string;
        }[]
      ).map((u) => u.id);
    expect(await ids('&sort=created_at%20asc')).toEqual(made);
    expect(await ids('&sort=created_at%20DESC')).toEqual([...made].reverse());
    expect(await ids('&sort=created_at')).toEqual([...made].reverse());
    const field = await raw(b, 'GET', '/admin/users?sort=email%20asc', undefined, sa());
    expect(field.status).toBe(400);
    expect(field.json).toMatchObject({
      code: 'validation_failed',
      msg: "Bad Sort Parameters: bad field for sort 'email'",
    });
    const dir = await raw(b, 'GET', '/admin/users?sort=created_at%20sideways', undefined, sa());
    expect(dir.status).toBe(400);
    expect(String(dir.json?.msg)).toMatch(/^Bad Sort Parameters: bad direction for sort 'sideways'/);
  });

  it('takes a bcrypt password hash from another system, but not both a password and a hash', async () => {
    const addr = email('hash');
    const made = await raw(
      b,
      'POST',
      '/admin/users',
      { email: addr, password_hash: hashSync('Imported-pass-1', 4), email_confirm: true },
      sa(),
    );
    expect(made.status).toBe(200);
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Imported-pass-1' })).error,
    ).toBeNull();
    const both = await raw(
      b,
      'POST',
      '/admin/users',
      { email: email('hash'), password: 'Plain-pass-1', password_hash: hashSync('x', 4) },
      sa(),
    );
    expect(both.json).toMatchObject({
      code: 'validation_failed',
      msg: 'Only a password or a password hash should be provided',
    });
    const junk = await raw(
      b,
      'POST',
      '/admin/users',
      { email: email('hash'), password_hash: 'md5:abc' },
      sa(),
    );
    expect(junk.status).toBe(400);
  });
});

describe("GoTrue's answers", () => {
  const idToken = (body: Record<string, unknown>) => raw(b, 'POST', '/token?grant_type=id_token', body);
  const fakeJwt = (payload: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

  it('signInWithIdToken: OAuth errors for missing parameters, validation for providers it cannot use', async () => {
    expect((await idToken({ provider: 'google' })).json).toEqual({
      error: 'invalid request',
      error_description: 'id_token required',
    });
    expect((await idToken({ id_token: 'x' })).json).toEqual({
      error: 'invalid request',
      error_description: 'provider or client_id and issuer required',
    });
    expect((await idToken({ id_token: 'x', provider: 'custom:mine' })).json).toMatchObject({
      code: 'validation_failed',
      msg: 'Custom OAuth providers are disabled',
    });
    expect((await idToken({ id_token: 'x', provider: 'myspace' })).json).toMatchObject({
      msg: 'Custom OIDC provider "myspace" not allowed',
    });
    const kakao = await idToken({ id_token: 'x', provider: 'kakao' });
    expect(kakao.status).toBe(400);
    expect(kakao.json).toMatchObject({
      code: 'provider_disabled',
      msg: 'Provider (issuer "https://kauth.kakao.com") is not enabled',
    });
    expect((await idToken({ id_token: 'x', provider: 'apple' })).json).toMatchObject({
      msg: 'Unable to detect issuer in ID token for Apple provider',
    });
    expect(
      (await idToken({ id_token: fakeJwt({ iss: 'https://evil.example' }), provider: 'apple' })).json,
    ).toMatchObject({
      msg: 'Detected ID token issuer is not an Apple ID token issuer',
    });
    // Google is enabled, but a token its published keys do not verify (or that cannot be checked) is a bad token.
    const google = await client(b).auth.signInWithIdToken({
      provider: 'google',
      token: fakeJwt({ iss: 'https://accounts.google.com' }),
    });
    expect(google.error?.status).toBe(400);
    expect(google.error?.message).toBe('Bad ID token');
    expect(google.data.session).toBeNull();
  });

  it('Web3 and SAML are disabled; unknown grants are invalid credentials', async () => {
    const web3 = await raw(b, 'POST', '/token?grant_type=web3', { chain: 'solana' });
    expect(web3.status).toBe(422);
    expect(web3.json).toMatchObject({ code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' });
    const sso = await client(b).auth.signInWithSSO({ domain: 'pentland.test' });
    expect(sso.error?.status).toBe(404);
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    const grant = await raw(b, 'POST', '/token?grant_type=magic', {});
    expect(grant.json).toMatchObject({ code: 'invalid_credentials', msg: 'unsupported_grant_type' });
  });

  it('verify checks its parameters as GoTrue does; an SMS code never matches', async () => {
    const v = (body: Record<string, unknown>) => raw(b, 'POST', '/verify', body);
    expect((await v({ token: '123456', email: 'a@pentland.test' })).json).toMatchObject({
      msg: 'Verify requires a verification type',
    });
    expect((await v({ type: 'email', token: '1', token_hash: 'h' })).json).toMatchObject({
      msg: 'Verify requires either a token or a token hash',
    });
    expect((await v({ type: 'email', token_hash: 'h', email: 'a@pentland.test' })).json).toMatchObject({
      msg: 'Only the token_hash and type should be provided',
    });
    expect((await v({ type: 'sms', token: '123456', phone: '0044 12' })).json).toMatchObject({
      msg: 'Invalid phone number format (E.164 required)',
    });
    const sms = await client(b).auth.verifyOtp({ type: 'sms', phone: '+441234567890', token: '123456' });
    expect(sms.error?.status).toBe(403);
    expect(sms.error?.message).toBe('Token has expired or is invalid');
    expect((await v({ type: 'unheard_of', token_hash: 'h' })).json).toMatchObject({
      msg: 'Unsupported verification type',
    });
  });
});
