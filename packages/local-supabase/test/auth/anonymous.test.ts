/**
 * Anonymous sign-in (supabase-js signInAnonymously, when the project enables it): a user without an address, marked
 * `is_anonymous` in the user and the token, who can later become permanent by adding an e-mail or linking a social
 * identity — and who cannot, meanwhile, enrol factors or set a password with nothing to recover it by.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  decodeJwt,
  email,
  follow,
  lastMail,
  oauthSignIn,
  raw,
  startAuthBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend(
    { anonymousSignIns: true, manualLinking: true, rateLimits: { anonymous: 5 } },
    { trustedProxies: ['127.0.0.1'] },
  );
});

afterAll(async () => {
  await b?.stop();
});

describe('anonymous sign-in', () => {
  it('signs in without an address: is_anonymous in the user and the token, amr anonymous, metadata kept', async () => {
    const sb = client(b);
    const { data, error } = await sb.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      is_anonymous: true,
      email: '',
      user_metadata: { theme: 'dark' },
      identities: [],
    });
    expect(user.app_metadata).toMatchObject({ provider: 'anonymous', providers: ['anonymous'] });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: user.id });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);
    expect((await sb.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('may not enrol a factor, set a password without an address, or reauthenticate', async () => {
    const sb = client(b);
    await sb.auth.signInAnonymously();
    const factor = await sb.auth.mfa.enroll({ factorType: 'totp' });
    expect(factor.error?.status).toBe(403);
    expect(factor.error?.code).toBe('no_authorization');
    const pw = await sb.auth.updateUser({ password: 'Anon-pass-1' });
    expect(pw.error?.status).toBe(422);
    expect(pw.error?.message).toBe(
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
    const re = await sb.auth.reauthenticate();
    expect(re.error?.message).toBe('Reauthentication requires the user to have an email or a phone number');
  });

  it('becomes permanent by confirming an e-mail address, keeps its id, then sets a password', async () => {
    const sb = client(b, b.anonKey, 'implicit');
    const { data } = await sb.auth.signInAnonymously();
    const id = data.user!.id;
    const addr = email('anon-upgrade');
    const added = await sb.auth.updateUser({ email: addr });
    expect(added.error).toBeNull();
    expect(added.data.user).toMatchObject({ id, is_anonymous: true, new_email: addr });
    const landed = await follow(verifyLink(await lastMail(b, addr)));
    const access = new URLSearchParams(landed.hash.slice(1)).get('access_token');
    expect(access, landed.href).toBeTruthy();
    expect(decodeJwt(access!)).toMatchObject({ sub: id, is_anonymous: false, email: addr });
    const fresh = client(b);
    await fresh.auth.setSession({
      access_token: access!,
      refresh_token: new URLSearchParams(landed.hash.slice(1)).get('refresh_token')!,
    });
    const me = (await fresh.auth.getUser()).data.user!;
    expect(me).toMatchObject({ id, email: addr, is_anonymous: false });
    expect(me.identities?.map((i) => i.provider)).toEqual(['email']);
    expect((await fresh.auth.updateUser({ password: 'Anon-now-permanent-1' })).error).toBeNull();
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Anon-now-permanent-1' })).error,
    ).toBeNull();
  });

  it('becomes permanent by linking a social identity with a verified address', async () => {
    const sb = client(b);
    const { data } = await sb.auth.signInAnonymously();
    const link = await sb.auth.linkIdentity({ provider: 'facebook', options: { skipBrowserRedirect: true } });
    expect(link.error).toBeNull();
    const landed = await oauthSignIn(link.data.url!, 'fiona-sinclair');
    const code = landed.searchParams.get('code');
    expect(code, landed.href).toBeTruthy();
    const ex = await sb.auth.exchangeCodeForSession(code!);
    expect(ex.error).toBeNull();
    expect(ex.data.user).toMatchObject({
      id: data.user!.id,
      email: 'fiona@pentland.test',
      is_anonymous: false,
    });
    expect(ex.data.user?.identities?.map((i) => i.provider)).toEqual(['facebook']);
    expect(decodeJwt(ex.data.session!.access_token).is_anonymous).toBe(false);
  });

  it('counts anonymous sign-ins per client address and hour', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.40' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await raw(b, 'POST', '/signup', { data: {} }, from)).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await raw(b, 'POST', '/signup', { data: {} }, { 'X-Forwarded-For': '198.51.100.41' })).status,
    ).toBe(200);
  });
});

describe('anonymous sign-in with autoconfirm', () => {
  it('adding an address takes effect at once (as a sign-up would)', async () => {
    const b2 = await startAuthBackend({ anonymousSignIns: true, autoconfirm: true });
    try {
      const sb = client(b2);
      const { data } = await sb.auth.signInAnonymously();
      const addr = email('anon-auto');
      const r = await sb.auth.updateUser({ email: addr });
      expect(r.error).toBeNull();
      expect(r.data.user).toMatchObject({ id: data.user!.id, email: addr, is_anonymous: false });
      expect(r.data.user?.email_confirmed_at).toBeTruthy();
    } finally {
      await b2.stop();
    }
  });
});
