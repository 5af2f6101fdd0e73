import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, client, email, mails, raw, startAuthBackend, type AuthTestBackend } from './harness.js';

let b: AuthTestBackend;

beforeAll(async () => {
  b = await startAuthBackend({
    rateLimits: { signIn: 5, signUp: 3, recover: 20, otp: 4, verify: 5, refresh: 10_000, emailInterval: 60, emailsPerHour: 10_000, windowSeconds: 300 },
  });
}, 60_000);

afterAll(async () => {
  await b?.stop();
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit past the sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await raw(b, 'POST', '/token?grant_type=password', { email: email('rl'), password: 'whatever-1' });
      codes.push(r.status);
      if (r.status === 429) {
        expect(r.json).toMatchObject({ code: 'over_request_rate_limit', error_code: 'over_request_rate_limit' });
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
    for (let i = 0; i < 4; i++) statuses.push((await raw(b, 'POST', '/signup', { email: email('rl-signup'), password: 'Signup-pass-1' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const verify = [];
    for (let i = 0; i < 6; i++) verify.push((await raw(b, 'POST', '/verify', { type: 'email', email: 'x@pentland.test', token: String(100000 + i) })).status);
    expect(verify).toEqual([403, 403, 403, 403, 403, 429]);
    const otp = [];
    for (let i = 0; i < 5; i++) otp.push((await raw(b, 'POST', '/otp', { email: email('rl-otp'), create_user: false })).status);
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
    expect(k2.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect((await mails(b, known)).length).toBe(1);
    expect(await mails(b, unknown)).toEqual([]);
  });
});
