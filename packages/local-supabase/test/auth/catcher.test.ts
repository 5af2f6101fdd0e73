/**
 * The mail catcher holds every Auth e-mail (recovery links included), so it answers only loopback clients unless a
 * token is configured, and reads request bodies only up to a small limit. (Not served at all with SMTP: smtp.test.ts.)
 * A client's address is the socket's, or X-Forwarded-For's when the socket is a configured trusted proxy; a request
 * that carries forwarding headers from any other peer came through a proxy and is not local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, email, mails, startAuthBackend, type AuthTestBackend } from './harness.ts';

let open: AuthTestBackend;
let guarded: AuthTestBackend;
const token = 'catcher-token-0123456789abcdefghij';

beforeAll(async () => {
  [open, guarded] = await Promise.all([
    startAuthBackend(),
    startAuthBackend({}, { trustedProxies: ['127.0.0.1'], mailCatcherToken: token }),
  ]);
  // Two backends: generous on a machine shared with other jobs.
}, 240_000);

afterAll(async () => {
  await Promise.all([open?.stop(), guarded?.stop()]);
});

async function seedMail(b: AuthTestBackend): Promise<string> {
  const addr = email('catcher');
  expect((await client(b).auth.signUp({ email: addr, password: 'Catcher-pass-1' })).error).toBeNull();
  return addr;
}

describe('mail catcher access without a token', () => {
  it('answers loopback clients', async () => {
    const addr = await seedMail(open);
    expect((await mails(open, addr)).length).toBe(1);
    expect((await fetch(`${open.mailUrl}/`)).status).toBe(200);
  });

  it('refuses a request forwarded by a proxy it does not trust: list, page, message and delete', async () => {
    const addr = await seedMail(open);
    const [msg] = await mails(open, addr);
    const forwarded = { 'X-Forwarded-For': '203.0.113.9' };
    for (const [method, path] of [
      ['GET', `/api/messages?to=${encodeURIComponent(addr)}`],
      ['GET', `/api/messages/${msg!.id}`],
      ['GET', '/'],
      ['GET', `/messages/${msg!.id}/html`],
      ['DELETE', '/api/messages'],
    ] as const) {
      const r = await fetch(`${open.mailUrl}${path}`, { method, headers: forwarded });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(await r.text()).not.toContain(addr);
    }
    expect((await mails(open, addr)).length).toBe(1);
  });

  it('refuses a body over its limit without reading it', async () => {
    const r = await fetch(`${open.mailUrl}/api/messages`, {
      method: 'DELETE',
      body: new Uint8Array(2 * 1024 * 1024),
    });
    expect(r.status).toBe(413);
  });
});

describe('mail catcher access with MAIL_CATCHER_TOKEN and a trusted proxy', () => {
  const remote = { 'X-Forwarded-For': '198.51.100.20' };

  it('asks a remote client for the token, by bearer header or once by ?token= (then a cookie)', async () => {
    const addr = await seedMail(guarded);
    const list = `${guarded.mailUrl}/api/messages?to=${encodeURIComponent(addr)}`;
    const none = await fetch(list, { headers: remote });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(list, { headers: { ...remote, Authorization: 'Bearer wrong-token' } })).status).toBe(
      401,
    );

    const bearer = await fetch(list, { headers: { ...remote, Authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    expect(((await bearer.json()) as unknown[]).length).toBe(1);

    const page = await fetch(`${guarded.mailUrl}/?token=${token}`, { headers: remote, redirect: 'manual' });
    expect(page.status).toBe(200);
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const withCookie = await fetch(list, { headers: { ...remote, Cookie: cookie.split(';')[0]! } });
    expect(withCookie.status).toBe(200);
  });

  it('answers a loopback client behind the trusted proxy without the token', async () => {
    const addr = await seedMail(guarded);
    const r = await fetch(`${guarded.mailUrl}/api/messages?to=${encodeURIComponent(addr)}`, {
      headers: { 'X-Forwarded-For': '127.0.0.1' },
    });
    expect(r.status).toBe(200);
  });
});
