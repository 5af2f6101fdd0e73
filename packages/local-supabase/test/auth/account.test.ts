import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import {
  admin,
  client,
  decodeJwt,
  email,
  follow,
  lastMail,
  mails,
  otpOf,
  raw,
  startAuthBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend({ manualLinking: true });
});

afterAll(async () => {
  await b?.stop();
});

async function signedIn(tag: string) {
  const addr = email(tag);
  await admin(b).auth.admin.createUser({
    email: addr,
    password: 'Account-pass-1',
    email_confirm: true,
    user_metadata: { full_name: 'Ross Sutherland' },
  });
  const sb = client(b);
  const { error } = await sb.auth.signInWithPassword({ email: addr, password: 'Account-pass-1' });
  expect(error).toBeNull();
  return { sb, addr };
}

describe('one-time codes', () => {
  it('signs a new address up with a code, resends, and verifies the latest code only once', async () => {
    const sb = client(b);
    const addr = email('otp-new');
    expect(
      (await sb.auth.signInWithOtp({ email: addr, options: { data: { full_name: 'Eilidh Bain' } } })).error,
    ).toBeNull();
    const first = await lastMail(b, addr);
    expect(first.subject).toBe('Confirm Your Signup');
    expect((await sb.auth.resend({ type: 'signup', email: addr })).error).toBeNull();
    const second = await lastMail(b, addr);
    expect(second.id).not.toBe(first.id);
    const oldCode = otpOf(first);
    const code = otpOf(second);
    if (oldCode !== code) {
      const stale = await sb.auth.verifyOtp({ email: addr, token: oldCode, type: 'email' });
      expect(stale.error?.code).toBe('otp_expired');
      expect(stale.error?.status).toBe(403);
    }
    const ok = await sb.auth.verifyOtp({ email: addr, token: code, type: 'email' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(addr);
    expect(ok.data.session?.user.user_metadata.full_name).toBe('Eilidh Bain');
    expect(ok.data.user?.email_confirmed_at).toBeTruthy();
    const twice = await client(b).auth.verifyOtp({ email: addr, token: code, type: 'email' });
    expect(twice.error?.code).toBe('otp_expired');
  });

  it('mails existing users a magic link whose code and link both sign in', async () => {
    const { addr } = await signedIn('magic');
    const sb = client(b);
    await sb.auth.signInWithOtp({ email: addr, options: { shouldCreateUser: false } });
    const m = await lastMail(b, addr);
    expect(m.subject).toBe('Your Magic Link');
    const ok = await sb.auth.verifyOtp({ email: addr, token: otpOf(m), type: 'email' });
    expect(ok.error).toBeNull();
    expect((decodeJwt(ok.data.session!.access_token).amr as Array<{ method: string }>)[0]?.method).toBe(
      'otp',
    );

    await sb.auth.signInWithOtp({
      email: addr,
      options: { emailRedirectTo: 'http://127.0.0.1:3000/welcome' },
    });
    const loc = await follow(verifyLink(await lastMail(b, addr)));
    expect(loc.pathname).toBe('/welcome');
    const ex = await sb.auth.exchangeCodeForSession(loc.searchParams.get('code')!);
    expect(ex.error).toBeNull();
    expect(ex.data.user?.email).toBe(addr);

    // token_hash from the link works with verifyOtp as well.
    await client(b, b.anonKey, 'implicit').auth.signInWithOtp({ email: addr });
    const th = new URL(verifyLink(await lastMail(b, addr))).searchParams.get('token')!;
    const byHash = await client(b).auth.verifyOtp({ token_hash: th, type: 'magiclink' });
    expect(byHash.error).toBeNull();
  });

  it('refuses unknown addresses when shouldCreateUser is false', async () => {
    const addr = email('otp-none');
    const r = await client(b).auth.signInWithOtp({ email: addr, options: { shouldCreateUser: false } });
    expect(r.error?.code).toBe('otp_disabled');
    expect(r.error?.status).toBe(422);
    expect(await mails(b, addr)).toEqual([]);
  });
});

describe('the signed-in user', () => {
  it('cannot grow user_metadata past the total cap by many small updates; the session keeps working', async () => {
    const { sb } = await signedIn('meta-cap');
    const chunk = 'x'.repeat(2000);
    const codes: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await sb.auth.updateUser({ data: { [`k${i}`]: chunk } })).error?.status);
    // 2 KB a time: the first few fit under 8 KiB, then every update that would pass it is refused.
    expect(codes.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(codes.slice(4)).toEqual([400, 400]);
    const refused = await sb.auth.updateUser({ data: { more: chunk } });
    expect(refused.error?.code).toBe('validation_failed');
    const me = (await sb.auth.getUser()).data.user!;
    expect(me.user_metadata.more).toBeUndefined();
    expect(JSON.stringify(me.user_metadata).length).toBeLessThanOrEqual(8 * 1024);
    // Removing keys (null) is always possible, and makes room again.
    expect((await sb.auth.updateUser({ data: { k0: null, k1: null } })).error).toBeNull();
    expect((await sb.auth.updateUser({ data: { more: chunk } })).error).toBeNull();
    expect((await sb.auth.refreshSession()).error).toBeNull();
  });

  it('gets and updates data, changes e-mail with confirmation, and reauthenticates for a password change', async () => {
    const { sb, addr } = await signedIn('user');
    const got = await sb.auth.getUser();
    expect(got.data.user?.email).toBe(addr);
    expect(got.data.user?.user_metadata.full_name).toBe('Ross Sutherland');

    const upd = await sb.auth.updateUser({ data: { full_name: 'Ross J. Sutherland', town: 'Wick' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ full_name: 'Ross J. Sutherland', town: 'Wick' });

    const newAddr = email('user-new');
    const change = await sb.auth.updateUser(
      { email: newAddr },
      { emailRedirectTo: 'http://127.0.0.1:3000/profile' },
    );
    expect(change.error).toBeNull();
    expect(change.data.user?.email).toBe(addr);
    expect(change.data.user?.new_email).toBe(newAddr);
    // Secure e-mail change: both addresses confirm. The first link only says so.
    const current = await lastMail(b, addr);
    expect(current.subject).toBe('Confirm Email Change');
    expect(current.text).toContain(newAddr);
    const first = await follow(verifyLink(current));
    expect(first.searchParams.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.searchParams.get('code')).toBeNull();
    expect((await sb.auth.getUser()).data.user?.email).toBe(addr);
    const m = await lastMail(b, newAddr);
    expect(m.subject).toBe('Confirm Email Change');
    const loc = await follow(verifyLink(m));
    expect(loc.pathname).toBe('/profile');
    expect((await sb.auth.exchangeCodeForSession(loc.searchParams.get('code')!)).error).toBeNull();
    const after = await sb.auth.getUser();
    expect(after.data.user?.email).toBe(newAddr);
    expect(after.data.user?.identities?.[0]?.identity_data?.email).toBe(newAddr);

    expect((await sb.auth.reauthenticate()).error).toBeNull();
    const nonce = otpOf(await lastMail(b, newAddr));
    const bad = await sb.auth.updateUser({
      password: 'Fresh-pass-2',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(bad.error?.code).toBe('reauthentication_not_valid');
    const good = await sb.auth.updateUser({ password: 'Fresh-pass-2', nonce });
    expect(good.error).toBeNull();
    expect(
      (await client(b).auth.signInWithPassword({ email: newAddr, password: 'Fresh-pass-2' })).error,
    ).toBeNull();
  });

  it('lists and unlinks identities, keeping at least one', async () => {
    const { sb } = await signedIn('ident');
    const ids = await sb.auth.getUserIdentities();
    expect(ids.error).toBeNull();
    expect(ids.data?.identities.map((i) => i.provider)).toEqual(['email']);
    const un = await sb.auth.unlinkIdentity(ids.data!.identities[0]!);
    expect(un.error?.code).toBe('single_identity_not_deletable');
  });
});

describe('multi-factor authentication (TOTP)', () => {
  it('enrols, challenges, verifies to aal2, and unenrols', async () => {
    const { sb } = await signedIn('mfa');
    const en = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(en.error).toBeNull();
    const factor = en.data!;
    expect(factor.type).toBe('totp');
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[^>]*>.*<path/s);
    const totp = new TOTP({
      secret: Secret.fromBase32(factor.totp.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });

    const dup = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(dup.error?.code).toBe('mfa_factor_name_conflict');

    const ch = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(ch.error).toBeNull();
    const wrongCode = totp.generate() === '123456' ? '654321' : '123456';
    const wrong = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: ch.data!.id,
      code: wrongCode,
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const ver = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: ch.data!.id,
      code: totp.generate(),
    });
    expect(ver.error).toBeNull();
    const claims = decodeJwt(ver.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(
      expect.arrayContaining(['totp', 'password']),
    );

    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const list = await sb.auth.mfa.listFactors();
    expect(list.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // A fresh password sign-in is aal1 and must step up.
    const other = client(b);
    const { data: u } = await sb.auth.getUser();
    await other.auth.signInWithPassword({ email: u.user!.email!, password: 'Account-pass-1' });
    const lvl = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(lvl.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const early = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(early.error?.code).toBe('insufficient_aal');

    const un = await sb.auth.mfa.unenroll({ factorId: factor.id });
    expect(un.error).toBeNull();
    expect((await sb.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});

describe('MFA step-up', () => {
  it('an aal1 session of a user with a verified factor cannot change the password or e-mail (401 insufficient_aal)', async () => {
    const { sb, addr } = await signedIn('stepup');
    const en = await sb.auth.mfa.enroll({ factorType: 'totp' });
    const totp = new TOTP({
      secret: Secret.fromBase32(en.data!.totp.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const ch = await sb.auth.mfa.challenge({ factorId: en.data!.id });
    expect(
      (await sb.auth.mfa.verify({ factorId: en.data!.id, challengeId: ch.data!.id, code: totp.generate() }))
        .error,
    ).toBeNull();

    const weak = client(b);
    expect(
      (await weak.auth.signInWithPassword({ email: addr, password: 'Account-pass-1' })).error,
    ).toBeNull();
    const pw = await weak.auth.updateUser({ password: 'Stolen-session-2' });
    expect(pw.error?.status).toBe(401);
    expect(pw.error?.code).toBe('insufficient_aal');
    const mail = await weak.auth.updateUser({ email: email('stepup-new') });
    expect(mail.error?.status).toBe(401);
    expect(mail.error?.code).toBe('insufficient_aal');
    // Nothing changed: the old password still signs in, the e-mail is the same, no change is pending.
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Account-pass-1' })).error,
    ).toBeNull();
    const { data: me } = await weak.auth.getUser();
    expect(me.user?.email).toBe(addr);
    expect(me.user?.new_email).toBeUndefined();
    // Metadata alone needs no step-up, and the aal2 session may change the password.
    expect((await weak.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
    expect((await sb.auth.updateUser({ password: 'Stepped-up-pass-3' })).error).toBeNull();
  });
});

describe('admin user operations (service_role)', () => {
  it('creates, lists, reads, updates, bans and deletes users; refuses the anon key', async () => {
    const sa = admin(b);
    const addr = email('admin');
    const created = await sa.auth.admin.createUser({
      email: addr,
      password: 'Admin-made-1',
      email_confirm: true,
      app_metadata: { plan: 'premium' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.app_metadata).toMatchObject({
      provider: 'email',
      providers: ['email'],
      plan: 'premium',
    });

    const dup = await sa.auth.admin.createUser({ email: addr, password: 'Admin-made-1' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const list = await sa.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(list.error).toBeNull();
    expect(list.data.users.length).toBeLessThanOrEqual(2);
    expect((list.data as unknown as { total: number }).total).toBeGreaterThan(0);

    expect((await sa.auth.admin.getUserById(id)).data.user?.email).toBe(addr);
    const upd = await sa.auth.admin.updateUserById(id, {
      user_metadata: { full_name: 'Morag Gunn' },
      password: 'Admin-set-2',
    });
    expect(upd.data.user?.user_metadata.full_name).toBe('Morag Gunn');
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Admin-set-2' })).error,
    ).toBeNull();

    await sa.auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Admin-set-2' })).error?.code,
    ).toBe('user_banned');
    await sa.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Admin-set-2' })).error,
    ).toBeNull();

    const link = await sa.auth.admin.generateLink({ type: 'magiclink', email: addr });
    expect(link.error).toBeNull();
    expect(link.data.properties?.action_link).toContain('/auth/v1/verify?');
    const viaLink = await client(b).auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(viaLink.error).toBeNull();

    const invited = email('invited');
    const inv = await sa.auth.admin.inviteUserByEmail(invited);
    expect(inv.error).toBeNull();
    expect((await lastMail(b, invited)).subject).toBe('You have been invited');

    expect((await sa.auth.admin.deleteUser(id)).error).toBeNull();
    expect((await sa.auth.admin.getUserById(id)).error?.status).toBe(404);

    const anon = client(b);
    const refused = await anon.auth.admin.listUsers();
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('not_admin');
  });
});

describe('public endpoints', () => {
  it('settings and the key set', async () => {
    const s = await raw(b, 'GET', '/settings');
    expect(s.status).toBe(200);
    expect(s.json).toMatchObject({
      external: { email: true, facebook: true },
      mailer_autoconfirm: false,
      disable_signup: false,
    });
    const jwks = await raw(b, 'GET', '/.well-known/jwks.json');
    expect(jwks.json).toEqual({ keys: [] });
    // getClaims falls back to the server for HS256 tokens.
    const { sb } = await signedIn('claims');
    const c = await sb.auth.getClaims();
    expect(c.error).toBeNull();
    expect(c.data?.claims.role).toBe('authenticated');
  });

  it('autoconfirm answers sign-up with a session and repeats with user_already_exists', async () => {
    const b2 = await startAuthBackend({ autoconfirm: true });
    try {
      const sb = client(b2);
      const addr = email('auto');
      const r = await sb.auth.signUp({ email: addr, password: 'Auto-pass-1' });
      expect(r.error).toBeNull();
      expect(r.data.session?.access_token).toBeTruthy();
      const again = await client(b2).auth.signUp({ email: addr, password: 'Auto-pass-1' });
      expect(again.error?.code).toBe('user_already_exists');
      expect(again.error?.status).toBe(422);
      expect(again.error?.message).toBe('User already registered');
    } finally {
      await b2.stop();
    }
  });
});
