import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, client, email, mails, raw, startAuthBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;
/** Behind a trusted proxy on loopback: X-Forwarded-For names the client. */
let p: AuthTestBackend;

beforeAll(async () => {
  [b, p] = await Promise.all([
    startAuthBackend({
      rateLimits: {
        signIn: 5,
        signUp: 3,
        recover: 20,
        otp: 4,
        verify: 5,
        refresh: 10_000,
        emailInterval: 60,
        emailsPerHour: 10_000,
        windowSeconds: 300,
      },
    }),
    startAuthBackend(
      {
        rateLimits: {
          signIn: 5,
          signUp: 5,
          recover: 3,
          otp: 3,
          verify: 5,
          refresh: 5,
          emailInterval: 0,
          emailsPerHour: 4,
          windowSeconds: 300,
        },
      },
      { trustedProxies: ['127.0.0.1'] },
    ),
  ]);
  // Two backends: generous on a machine shared with other jobs.
}, 240_000);

afterAll(async () => {
  await Promise.all([b?.stop(), p?.stop()]);
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit past the sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await raw(b, 'POST', '/token?grant_type=password', {
        email: email('rl'),
        password: 'whatever-1',
      });
      codes.push(r.status);
      if (r.status === 429) {
        expect(r.json).toMatchObject({
          code: 'over_request_rate_limit',
          error_code: 'over_request_rate_limit',
        });
        expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const viaJs = await client(b).auth.signInWithPassword({ email: email('rl'), password: 'whatever-1' });
    expect(viaJs.error?.status).toBe(429);
    expect(viaJs.error?.code).toBe('over_request_rate_limit');
  });

  it('limits sign-ups and verification attempts', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await raw(b, 'POST', '/signup', { email: email('rl-signup'), password: 'Signup-pass-1' })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const verify = [];
    for (let i = 0; i < 6; i++)
      verify.push(
        (
          await raw(b, 'POST', '/verify', {
            type: 'email',
            email: 'x@pentland.test',
            token: String(100000 + i),
          })
        ).status,
      );
    expect(verify).toEqual([403, 403, 403, 403, 403, 429]);
    const otp = [];
    for (let i = 0; i < 5; i++)
      otp.push((await raw(b, 'POST', '/otp', { email: email('rl-otp'), create_user: false })).status);
    expect(otp).toEqual([422, 422, 422, 422, 429]);
  });

  it('sends one e-mail per address per interval, for known and unknown addresses alike', async () => {
    const known = email('rl-known');
    await admin(b).auth.admin.createUser({ email: known, password: 'Known-pass-1', email_confirm: true });
    const unknown = email('rl-unknown');
    const k1 = await raw(b, 'POST', '/recover', { email: known });
    const u1 = await raw(b, 'POST', '/recover', { email: unknown });
    expect([k1.status, u1.status]).toEqual([200, 200]);
    const k2 = await client(b).auth.resetPasswordForEmail(known);
    const u2 = await client(b).auth.resetPasswordForEmail(unknown);
    expect(k2.error?.status).toBe(429);
    expect(k2.error?.code).toBe('over_email_send_rate_limit');
    expect(u2.error?.code).toBe('over_email_send_rate_limit');
    expect(k2.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    expect((await mails(b, known)).length).toBe(1);
    expect(await mails(b, unknown)).toEqual([]);
  });
});

describe('rate limits per client address', () => {
  const attacker = { 'X-Forwarded-For': '198.51.100.66' };
  const victim = { 'X-Forwarded-For': '203.0.113.10' };

  async function victimAccount(tag: string) {
    const addr = email(tag);
    await admin(p).auth.admin.createUser({ email: addr, password: 'Victim-pass-1', email_confirm: true });
    return addr;
  }

  it('wrong passwords from one client do not lock another client out', async () => {
    const addr = await victimAccount('rl-victim');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (
          await raw(
            p,
            'POST',
            '/token?grant_type=password',
            { email: addr, password: `wrong-${i}-pass` },
            attacker,
          )
        ).status,
      );
    expect(codes.slice(-2)).toEqual([429, 429]);
    const mine = await raw(
      p,
      'POST',
      '/token?grant_type=password',
      { email: addr, password: 'Victim-pass-1' },
      victim,
    );
    expect(mine.status).toBe(200);
    expect(mine.json?.access_token).toEqual(expect.any(String));
  });

  it('bogus refresh tokens from one client do not stop another client refreshing', async () => {
    const addr = await victimAccount('rl-refresh');
    const session = await raw(
      p,
      'POST',
      '/token?grant_type=password',
      { email: addr, password: 'Victim-pass-1' },
      victim,
    );
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (await raw(p, 'POST', '/token?grant_type=refresh_token', { refresh_token: `bogus-${i}` }, attacker))
          .status,
      );
    expect(codes.slice(-1)).toEqual([429]);
    const refreshed = await raw(
      p,
      'POST',
      '/token?grant_type=refresh_token',
      { refresh_token: session.json?.refresh_token },
      victim,
    );
    expect(refreshed.status).toBe(200);
  });

  it('recovery and OTP requests and e-mails from one client leave another client its own', async () => {
    const addr = await victimAccount('rl-recover');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await raw(p, 'POST', '/recover', { email: email('rl-spray') }, attacker)).status);
    expect(codes.slice(-1)).toEqual([429]);
    for (let i = 0; i < 4; i++) await raw(p, 'POST', '/otp', { email: email('rl-spray') }, attacker);
    expect((await raw(p, 'POST', '/recover', { email: addr }, victim)).status).toBe(200);
    expect((await mails(p, addr)).length).toBe(1);
    expect((await raw(p, 'POST', '/otp', { email: addr }, victim)).status).toBe(200);
  });

  it('cheap authorize requests count against their sender only, and do not touch sign-in', async () => {
    const addr = await victimAccount('rl-authorize');
    for (let i = 0; i < 8; i++)
      await raw(p, 'GET', '/authorize?provider=facebook&skip_http_redirect=true', undefined, attacker);
    expect(
      (await raw(p, 'POST', '/token?grant_type=password', { email: addr, password: 'Victim-pass-1' }, victim))
        .status,
    ).toBe(200);
  });

  it('a forged address in front of the chain does not charge the client it names', async () => {
    const addr = await victimAccount('rl-forged');
    const forged = { 'X-Forwarded-For': `203.0.113.77, ${attacker['X-Forwarded-For']}` };
    for (let i = 0; i < 7; i++)
      await raw(
        p,
        'POST',
        '/token?grant_type=password',
        { email: addr, password: `wrong-${i}-pass` },
        forged,
      );
    const named = await raw(
      p,
      'POST',
      '/token?grant_type=password',
      { email: addr, password: 'Victim-pass-1' },
      { 'X-Forwarded-For': '203.0.113.77' },
    );
    expect(named.status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // `b` trusts no proxy and its sign-in limit was spent by the first test: a made-up address changes nothing.
    const r = await raw(
      b,
      'POST',
      '/token?grant_type=password',
      { email: email('rl'), password: 'whatever-1' },
      { 'X-Forwarded-For': '192.0.2.1' },
    );
    expect(r.status).toBe(429);
  });
});
