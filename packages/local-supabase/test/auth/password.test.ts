import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  admin,
  client,
  decodeJwt,
  email,
  follow,
  lastMail,
  mails,
  raw,
  startAuthBackend,
  verifyLink,
  type AuthTestBackend,
} from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend();
});

afterAll(async () => {
  await b?.stop();
});

describe('sign-up with e-mail confirmation (the default)', () => {
  it('answers the bare user without a session, mails a link, and the link signs in through PKCE', async () => {
    const sb = client(b);
    const addr = email('signup');
    const { data, error } = await sb.auth.signUp({
      email: addr,
      password: 'Thurso-2024',
      options: { data: { full_name: 'Isla Mackay' }, emailRedirectTo: 'http://127.0.0.1:3000/auth/callback' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(addr);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Isla Mackay');
    expect(data.user?.identities?.[0]?.provider).toBe('email');
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const denied = await sb.auth.signInWithPassword({ email: addr, password: 'Thurso-2024' });
    expect(denied.error?.status).toBe(400);
    expect(denied.error?.code).toBe('email_not_confirmed');

    const mail = await lastMail(b, addr);
    expect(mail.subject).toBe('Confirm Your Signup');
    const link = verifyLink(mail);
    expect(link).toContain(`${b.url}/auth/v1/verify?`);
    const loc = await follow(link);
    expect(loc.origin + loc.pathname).toBe('http://127.0.0.1:3000/auth/callback');
    const code = loc.searchParams.get('code');
    expect(code).toBeTruthy();
    const ex = await sb.auth.exchangeCodeForSession(code!);
    expect(ex.error).toBeNull();
    expect(ex.data.session?.user.email).toBe(addr);
    expect(ex.data.session?.user.email_confirmed_at).toBeTruthy();

    // The link is single-use.
    const again = await follow(link);
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    // And so is the code.
    const ex2 = await client(b).auth.exchangeCodeForSession(code!);
    expect(ex2.error).not.toBeNull();

    const signedIn = await sb.auth.signInWithPassword({ email: addr, password: 'Thurso-2024' });
    expect(signedIn.error).toBeNull();
    const s = signedIn.data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000);
    const claims = decodeJwt(s.access_token);
    expect(claims).toMatchObject({
      iss: `${b.url}/auth/v1`,
      sub: s.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: addr,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('password');
    expect((claims.user_metadata as Record<string, unknown>).full_name).toBe('Isla Mackay');
    expect((claims.app_metadata as Record<string, unknown>).provider).toBe('email');
  });

  it('a confirmed address signing up again gets the same-looking answer and no mail (no enumeration)', async () => {
    const addr = email('repeat');
    await admin(b).auth.admin.createUser({ email: addr, password: 'Caithness-1', email_confirm: true });
    const before = (await mails(b, addr)).length;
    const { data, error } = await client(b).auth.signUp({ email: addr, password: 'Another-pass' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await mails(b, addr)).length).toBe(before);
  });

  it('the implicit flow lands with tokens in the fragment', async () => {
    const sb = client(b, b.anonKey, 'implicit');
    const addr = email('implicit');
    await sb.auth.signUp({ email: addr, password: 'Pentland-9' });
    const loc = await follow(verifyLink(await lastMail(b, addr)));
    expect(loc.origin).toBe('http://127.0.0.1:3000');
    const frag = new URLSearchParams(loc.hash.slice(1));
    expect(frag.get('type')).toBe('signup');
    expect(frag.get('token_type')).toBe('bearer');
    const at = frag.get('access_token')!;
    expect(decodeJwt(at).email).toBe(addr);
    const { data } = await sb.auth.getUser(at);
    expect(data.user?.email).toBe(addr);
  });
});

describe('errors, in GoTrue shape', () => {
  it('invalid credentials, weak password, unknown grant, bad JSON — with the API version header', async () => {
    const addr = email('errors');
    await admin(b).auth.admin.createUser({ email: addr, password: 'Right-pass-1', email_confirm: true });

    const wrong = await raw(b, 'POST', '/token?grant_type=password', { email: addr, password: 'wrong-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(wrong.json).toMatchObject({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const nobody = await raw(b, 'POST', '/token?grant_type=password', {
      email: email('nobody'),
      password: 'whatever-1',
    });
    expect(nobody.status).toBe(400);
    expect(nobody.json?.error_code).toBe('invalid_credentials');

    // Legacy clients (no version header) get the numeric code.
    const legacy = await raw(
      b,
      'POST',
      '/token?grant_type=password',
      { email: addr, password: 'wrong-pass' },
      { 'X-Supabase-Api-Version': '' },
    );
    expect(legacy.json).toMatchObject({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const sb = client(b);
    const weak = await sb.auth.signUp({ email: email('weak'), password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.name).toBe('AuthWeakPasswordError');

    const viaJs = await sb.auth.signInWithPassword({ email: addr, password: 'nope-nope' });
    expect(viaJs.error?.message).toBe('Invalid login credentials');
    expect(viaJs.error?.code).toBe('invalid_credentials');
    expect(viaJs.error?.status).toBe(400);

    const grant = await raw(b, 'POST', '/token?grant_type=magic', {});
    expect(grant.status).toBe(400);
    expect(grant.json).toMatchObject({ code: 'invalid_credentials', msg: 'unsupported_grant_type' });

    const badJson = await raw(b, 'POST', '/signup', '{"email": "x@pentland.test", "password": ');
    expect(badJson.status).toBe(400);
    expect(badJson.json?.code).toBe('bad_json');

    const rt = await raw(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: 'not-a-token' });
    expect(rt.status).toBe(400);
    expect(rt.json?.code).toBe('refresh_token_not_found');
  });

  it('bad input creates nothing', async () => {
    const sa = admin(b);
    const count = async () => (await sa.auth.admin.listUsers({ page: 1, perPage: 1000 })).data.users.length;
    const before = await count();
    const cases: Array<[unknown, number, string]> = [
      // No address at all is an anonymous sign-in to GoTrue (disabled here).
      [{ password: 'Valid-pass-1' }, 422, 'anonymous_provider_disabled'],
      [{ email: email('nopw') }, 400, 'validation_failed'],
      [{ email: 'not-an-email', password: 'Valid-pass-1' }, 400, 'validation_failed'],
      [{ email: 'xx:;x@x.x', password: 'Valid-pass-1' }, 400, 'validation_failed'],
      [{ email: `${'a'.repeat(260)}@pentland.test`, password: 'Valid-pass-1' }, 400, 'validation_failed'],
      [{ email: email('longpw'), password: 'x'.repeat(100) }, 400, 'validation_failed'],
      [{ email: email('meta'), password: 'Valid-pass-1', data: 'nope' }, 400, 'validation_failed'],
      [
        { email: email('bigmeta'), password: 'Valid-pass-1', data: { blob: 'x'.repeat(20_000) } },
        400,
        'validation_failed',
      ],
      [{ email: 42, password: 'Valid-pass-1' }, 400, 'validation_failed'],
      [[1, 2, 3], 400, 'bad_json'],
    ];
    for (const [body, status, code] of cases) {
      const r = await raw(b, 'POST', '/signup', body);
      expect({ body, status: r.status, code: r.json?.code }).toEqual({ body, status, code });
      expect(typeof r.json?.msg).toBe('string');
    }
    expect(await count()).toBe(before);
  });
});

describe('what is stored', () => {
  it('keeps only bcrypt hashes of passwords (configured cost) and SHA-256 hashes of refresh tokens and link tokens', async () => {
    const db = (
      b as unknown as {
        db: { query(t: string, p?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
      }
    ).db;
    const addr = email('stored');
    const sb = client(b);
    await sb.auth.signUp({ email: addr, password: 'Stored-pass-1' });
    const link = new URL(verifyLink(await lastMail(b, addr)));
    const token = link.searchParams.get('token')!;
    const user = (await db.query('select * from auth.users where email = $1', [addr])).rows[0]!;
    expect(String(user.encrypted_password)).toMatch(/^\$2[aby]\$04\$/);
    expect(JSON.stringify(user)).not.toContain(token);
    const ott = (
      await db.query(
        'select token_hash, token_type::text as t from auth.one_time_tokens where user_id = $1',
        [user.id],
      )
    ).rows;
    expect(ott).toEqual([
      { token_hash: createHash('sha256').update(token).digest('hex'), t: 'confirmation_token' },
    ]);

    const code = (await follow(link.toString())).searchParams.get('code')!;
    const flows = (await db.query('select auth_code from auth.flow_state where user_id = $1', [user.id]))
      .rows;
    expect(flows.map((f) => f.auth_code)).toEqual([createHash('sha256').update(code).digest('hex')]);
    const { data } = await sb.auth.exchangeCodeForSession(code);
    const rt = data.session!.refresh_token;
    const rows = (await db.query('select token from auth.refresh_tokens where user_id = $1', [user.id])).rows;
    expect(rows.map((r) => r.token)).toEqual([createHash('sha256').update(rt).digest('hex')]);
    // The flow state is gone once its code is used.
    expect((await db.query('select 1 from auth.flow_state where user_id = $1', [user.id])).rows).toEqual([]);
  });

  it('answers an anonymous sign-in with anonymous_provider_disabled and creates nothing', async () => {
    const r = await client(b).auth.signInAnonymously();
    expect(r.error?.code).toBe('anonymous_provider_disabled');
    expect(r.error?.status).toBe(422);
  });
});

describe('sessions', () => {
  async function signedIn() {
    const addr = email('session');
    await admin(b).auth.admin.createUser({ email: addr, password: 'Session-pass-1', email_confirm: true });
    const sb = client(b);
    const { data, error } = await sb.auth.signInWithPassword({ email: addr, password: 'Session-pass-1' });
    expect(error).toBeNull();
    return { sb, addr, session: data.session! };
  }

  it('rotates refresh tokens and a reused token revokes the whole session family', async () => {
    const { sb, session } = await signedIn();
    const r1 = await sb.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(r1.error).toBeNull();
    const s1 = r1.data.session!;
    expect(s1.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(s1.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // A concurrent client (another tab) presenting the same token within the reuse interval, before the chain
    // moved on, gets the session's active token (the same one, as GoTrue answers) instead of a sign-out.
    const tab = await raw(b, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: session.refresh_token,
    });
    expect(tab.status).toBe(200);
    expect(tab.json?.refresh_token).toBe(s1.refresh_token);
    expect(decodeJwt(String(tab.json?.access_token)).session_id).toBe(
      decodeJwt(session.access_token).session_id,
    );

    // The chain moves on; now the old token coming back (as a thief would use it) is reuse.
    const r2 = await sb.auth.refreshSession({ refresh_token: s1.refresh_token });
    expect(r2.error).toBeNull();
    const s2 = r2.data.session!;
    const reuse = await raw(b, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: session.refresh_token,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json?.code).toBe('refresh_token_already_used');

    // The family is gone: the newest refresh token and the access token no longer work.
    for (const t of [s2.refresh_token, String(tab.json?.refresh_token)]) {
      const after = await raw(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: t });
      expect(after.status).toBe(400);
      expect(after.json?.code).toBe('refresh_token_not_found');
    }
    const user = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${s2.access_token}` });
    expect(user.status).toBe(403);
    expect(user.json?.code).toBe('session_not_found');
  });

  it('answers concurrent refreshes of one token with the same successor, never a second live token', async () => {
    const { session } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        raw(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const tokens = new Set(answers.map((a) => String(a.json?.refresh_token)));
    expect(tokens.size).toBe(1);
    const [next] = [...tokens];
    expect(next).not.toBe(session.refresh_token);
    const moved = await raw(b, 'POST', '/token?grant_type=refresh_token', { refresh_token: next });
    expect(moved.status).toBe(200);
    // The chain moved on, so the first token is now reuse and takes the family with it.
    const reuse = await raw(b, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: session.refresh_token,
    });
    expect(reuse.json?.code).toBe('refresh_token_already_used');
    const after = await raw(b, 'POST', '/token?grant_type=refresh_token', {
      refresh_token: String(moved.json?.refresh_token),
    });
    expect(after.json?.code).toBe('refresh_token_not_found');
  });

  it('rejects tampered, expired and foreign-secret access tokens', async () => {
    const { session } = await signedIn();
    const [h, p, s] = session.access_token.split('.') as [string, string, string];
    const claims = decodeJwt(session.access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url');
    const tampered = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${h}.${forged}.${s}` });
    expect(tampered.status).toBe(403);
    expect(tampered.json?.code).toBe('bad_jwt');
    void p;

    const secret = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const ex = await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${expired}` });
    expect(ex.status).toBe(403);
    expect(ex.json?.code).toBe('bad_jwt');
    expect(String(ex.json?.msg)).toContain('expired');

    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${foreign}` })).status).toBe(
      403,
    );

    const none = await raw(b, 'GET', '/user');
    expect(none.status).toBe(401);
    expect(none.json?.code).toBe('no_authorization');

    const { data, error } = await client(b).auth.getUser(`${h}.${forged}.${s}`);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
  });

  it('signs out with scope local, others and global', async () => {
    const { addr } = await signedIn();
    const sessions: ReturnType<typeof client>[] = [];
    for (let i = 0; i < 3; i++) {
      const sb = client(b);
      await sb.auth.signInWithPassword({ email: addr, password: 'Session-pass-1' });
      sessions.push(sb);
    }
    const tokenOf = async (sb: (typeof sessions)[number]) =>
      (await sb.auth.getSession()).data.session!.access_token;
    const alive = async (token: string) =>
      (await raw(b, 'GET', '/user', undefined, { Authorization: `Bearer ${token}` })).status === 200;
    const tokens = await Promise.all(sessions.map(tokenOf));
    expect(await sessions[0]!.auth.signOut({ scope: 'local' })).toEqual({ error: null });
    expect(await alive(tokens[0]!)).toBe(false);
    expect(await alive(tokens[1]!)).toBe(true);
    expect((await sessions[1]!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(tokens[2]!)).toBe(false);
    expect(await alive(tokens[1]!)).toBe(true);
    expect((await sessions[1]!.auth.signOut()).error).toBeNull();
    expect(await alive(tokens[1]!)).toBe(false);
    expect((await sessions[1]!.auth.getSession()).data.session).toBeNull();
  });
});

describe('password recovery', () => {
  it('mails a link that lands on /auth/reset-password with a code; the new password works; unknown addresses answer the same', async () => {
    const addr = email('recover');
    await admin(b).auth.admin.createUser({ email: addr, password: 'Old-password-1', email_confirm: true });
    const sb = client(b);
    const { error } = await sb.auth.resetPasswordForEmail(addr, {
      redirectTo: 'http://127.0.0.1:3000/auth/reset-password',
    });
    expect(error).toBeNull();
    const mail = await lastMail(b, addr);
    expect(mail.subject).toBe('Reset Your Password');
    const loc = await follow(verifyLink(mail));
    expect(loc.origin + loc.pathname).toBe('http://127.0.0.1:3000/auth/reset-password');
    const ex = await sb.auth.exchangeCodeForSession(loc.searchParams.get('code')!);
    expect(ex.error).toBeNull();
    const up = await sb.auth.updateUser({ password: 'New-password-2' });
    expect(up.error).toBeNull();
    const same = await sb.auth.updateUser({ password: 'New-password-2' });
    expect(same.error?.code).toBe('same_password');
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'Old-password-1' })).error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await client(b).auth.signInWithPassword({ email: addr, password: 'New-password-2' })).error,
    ).toBeNull();

    const ghost = email('ghost');
    const r = await raw(b, 'POST', '/recover', { email: ghost });
    const known = await raw(b, 'POST', '/recover', { email: email('ghost2') });
    expect(r.status).toBe(200);
    expect(r.text).toBe(known.text);
    expect(await mails(b, ghost)).toEqual([]);
  });
});

describe('redirect_to allow-list', () => {
  it('uses the site URL when redirect_to is not allowed, and keeps allowed ones', async () => {
    const a = email('redir-a');
    const c = email('redir-b');
    for (const addr of [a, c])
      await admin(b).auth.admin.createUser({ email: addr, password: 'Redirect-pass-1', email_confirm: true });
    await client(b).auth.resetPasswordForEmail(a, { redirectTo: 'https://evil.example/auth/reset-password' });
    const evil = await follow(verifyLink(await lastMail(b, a)));
    expect(evil.origin).toBe('http://127.0.0.1:3000');
    expect(evil.pathname).toBe('/');
    expect(evil.searchParams.get('code')).toBeTruthy();

    await client(b).auth.resetPasswordForEmail(c, {
      redirectTo: 'http://localhost:3000/auth/reset-password',
    });
    const ok = await follow(verifyLink(await lastMail(b, c)));
    expect(ok.origin + ok.pathname).toBe('http://localhost:3000/auth/reset-password');

    // Host wildcards match the parsed host only: a query or user info cannot smuggle another host past them.
    const landing = async (redirectTo: string) => {
      const r = await fetch(
        `${b.url}/auth/v1/verify?type=recovery&token=${'a'.repeat(40)}&redirect_to=${encodeURIComponent(redirectTo)}`,
        {
          headers: { apikey: b.anonKey },
          redirect: 'manual',
        },
      );
      expect(r.status).toBeGreaterThanOrEqual(300);
      const loc = new URL(String(r.headers.get('location')));
      return `${loc.protocol}//${loc.host}${loc.pathname}`;
    };
    expect(await landing('https://app.pentland.test/auth/reset-password')).toBe(
      'https://app.pentland.test/auth/reset-password',
    );
    expect(await landing('https://evil?.pentland.test/auth/reset-password')).toBe('http://127.0.0.1:3000/');
    expect(await landing('https://evil.example?x.pentland.test/')).toBe('http://127.0.0.1:3000/');
    expect(await landing('https://app.pentland.test@evil.example/')).toBe('http://127.0.0.1:3000/');

    // A tampered link is refused and says so on the site.
    const link = new URL(verifyLink(await lastMail(b, c)));
    link.searchParams.set('token', 'pkce_' + 'f'.repeat(64));
    const bad = await follow(link.toString());
    expect(bad.searchParams.get('error_code')).toBe('otp_expired');
    expect(bad.searchParams.get('error_description')).toBe('Email link is invalid or has expired');
  });
});
