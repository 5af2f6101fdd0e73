/**
 * Crafted input never reaches a 500 in /auth/v1: NUL characters (PostgreSQL refuses them in text and jsonb), deep
 * JSON, tokens whose claims are signed but malformed, broken percent escapes, out-of-range durations and pages.
 * Each gets a GoTrue-shaped 4xx and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/jwt.ts';
import { admin, email, raw, startAuthBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;
let userId: string;
let userToken: string;

beforeAll(async () => {
  b = await startAuthBackend({ autoconfirm: true });
  const addr = email('crafted');
  const s = await raw(b, 'POST', '/signup', { email: addr, password: 'Crafted-pass-1' });
  userId = (s.json!.user as { id: string }).id;
  userToken = String(s.json!.access_token);
});

afterAll(async () => {
  await b?.stop();
});

const NUL = 'a\u0000b';

async function expectClientError(r: Awaited<ReturnType<typeof raw>>, what: string): Promise<void> {
  expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
  expect(r.json, what).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
}

async function tokenWith(claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 600, ...claims },
    (b as unknown as { config: { jwtSecret: string } }).config.jwtSecret,
  );
}

describe('crafted input answers 4xx, never 500', () => {
  it('a signed token with NUL or a non-UUID in sub or session_id', async () => {
    // As GoTrue: a sub that is not a UUID is 400, a session_id that is not one 403, both bad_jwt.
    const claimSets: [Record<string, unknown>, number][] = [
      [{ sub: NUL, session_id: randomUUID() }, 400],
      [{ sub: `${userId}\u0000`, session_id: randomUUID() }, 400],
      [{ sub: userId, session_id: NUL }, 403],
      [{ sub: userId, session_id: 'not-a-uuid' }, 403],
      [{ sub: 42, session_id: randomUUID() }, 403],
    ];
    for (const [claims, status] of claimSets) {
      const auth = { Authorization: `Bearer ${await tokenWith(claims)}` };
      for (const [method, path] of [
        ['GET', '/user'],
        ['PUT', '/user'],
        ['POST', '/logout'],
        ['GET', '/reauthenticate'],
        ['POST', '/factors'],
        ['GET', '/user/identities/authorize?provider=facebook'],
      ] as const) {
        const r = await raw(b, method, path, method === 'GET' ? undefined : {}, auth);
        await expectClientError(r, `${method} ${path} with ${JSON.stringify(claims)}`);
        expect(r.status).toBe(status);
        expect(r.json?.code).toBe('bad_jwt');
      }
    }
  });

  it('NUL characters anywhere in a JSON body', async () => {
    const sa = { Authorization: `Bearer ${b.serviceRoleKey}` };
    const user = { Authorization: `Bearer ${userToken}` };
    const cases: [string, string, unknown, Record<string, string>?][] = [
      ['POST', '/signup', { email: `n${NUL}@pentland.test`, password: 'Crafted-pass-1' }],
      ['POST', '/signup', { email: email('nul'), password: 'Crafted-pass-1', data: { full_name: NUL } }],
      ['POST', '/signup', { email: email('nul'), password: 'Crafted-pass-1', data: { [NUL]: 1 } }],
      ['POST', '/token?grant_type=password', { email: `p${NUL}@pentland.test`, password: 'x-secret' }],
      ['POST', '/recover', { email: `q${NUL}@pentland.test` }],
      ['POST', '/otp', { email: `q${NUL}@pentland.test` }],
      ['POST', '/otp', { email: email('nul'), data: { a: NUL } }],
      ['POST', '/resend', { type: 'signup', email: `q${NUL}@pentland.test` }],
      ['PUT', '/user', { data: { a: NUL } }, user],
      ['PUT', '/user', { email: `z${NUL}@pentland.test` }, user],
      ['POST', '/factors', { factor_type: 'totp', friendly_name: NUL }, user],
      ['POST', '/admin/users', { email: `z${NUL}@pentland.test` }, sa],
      ['POST', '/admin/users', { email: email('nul'), user_metadata: { a: NUL } }, sa],
      ['POST', '/admin/users', { email: email('nul'), app_metadata: { a: NUL } }, sa],
      ['POST', '/admin/users', { email: email('nul'), role: NUL }, sa],
      [
        'POST',
        '/admin/generate_link',
        { type: 'signup', email: `g${NUL}@pentland.test`, password: 'Crafted-pass-1' },
        sa,
      ],
      ['POST', '/invite', { email: `i${NUL}@pentland.test` }, sa],
    ];
    const before = await b.sql<{ n: number }>('select count(*)::int as n from auth.users');
    for (const [method, path, body, headers] of cases) {
      await expectClientError(
        await raw(b, method, path, body, headers),
        `${method} ${path} ${JSON.stringify(body)}`,
      );
    }
    expect(await b.sql<{ n: number }>('select count(*)::int as n from auth.users')).toEqual(before);
    const me = await raw(b, 'GET', '/user', undefined, user);
    expect((me.json?.user_metadata as Record<string, unknown>).a).toBeUndefined();
  });

  it('JSON nested deeper than a real request needs', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const cases: [string, string, string, Record<string, string>?][] = [
      [
        'POST',
        '/signup',
        `{"email":"${email('deep')}","password":"Crafted-pass-1","data":{"a":${deep(5000)}}}`,
      ],
      ['POST', '/signup', `{"email":"${email('deep')}","password":"Crafted-pass-1","data":${deep(100_000)}}`],
      [
        'PUT',
        '/user',
        `{"data":{"a":${'{"b":'.repeat(3000)}1${'}'.repeat(3000)}}}`,
        { Authorization: `Bearer ${userToken}` },
      ],
      ['POST', '/token?grant_type=password', `{"email":${deep(100_000)},"password":"x"}`],
    ];
    for (const [method, path, body, headers] of cases) {
      const r = await raw(b, method, path, body, headers);
      await expectClientError(r, `${method} ${path} deep`);
    }
  });

  it('broken percent escapes in path segments, out-of-range durations and pages', async () => {
    const sa = { Authorization: `Bearer ${b.serviceRoleKey}` };
    const user = { Authorization: `Bearer ${userToken}` };
    await expectClientError(
      await raw(b, 'GET', '/admin/users/%E0%A4%A', undefined, sa),
      'admin user bad escape',
    );
    await expectClientError(
      await raw(b, 'DELETE', '/factors/%E0%A4%A', undefined, user),
      'factor bad escape',
    );
    await expectClientError(
      await raw(b, 'POST', '/factors/%E0%A4%A/challenge', {}, user),
      'challenge bad escape',
    );
    await expectClientError(
      await raw(b, 'DELETE', '/user/identities/%E0%A4%A', undefined, user),
      'identity bad escape',
    );
    const created = await raw(
      b,
      'POST',
      '/admin/users',
      { email: email('ban'), ban_duration: '99999999999999h' },
      sa,
    );
    await expectClientError(created, 'ban overflow on create');
    const banned = await raw(b, 'PUT', `/admin/users/${userId}`, { ban_duration: '9999999999999h' }, sa);
    await expectClientError(banned, 'ban overflow on update');
    expect((await admin(b).auth.admin.getUserById(userId)).data.user?.banned_until).toBeUndefined();
    const page = await raw(b, 'GET', '/admin/users?page=99999999999999999999&per_page=5', undefined, sa);
    expect(page.status).toBeLessThan(500);
  });
});
