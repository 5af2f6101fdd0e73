/**
 * Sign-up must not tell whether an address is registered: not by the time it takes (a new address pays for a
 * password hash, so a registered one must too) and not by a 429 on a repeat that only unregistered addresses get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, email, raw, startAuthBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;

beforeAll(async () => {
  // A real hash cost, so that the hash dominates a sign-up's time as it does in production.
  b = await startAuthBackend({ bcryptCost: 11, rateLimits: { emailInterval: 60 } });
});

afterAll(async () => {
  await b?.stop();
});

async function registered(tag: string): Promise<string> {
  const addr = email(tag);
  const r = await admin(b).auth.admin.createUser({
    email: addr,
    password: 'Registered-1',
    email_confirm: true,
  });
  expect(r.error).toBeNull();
  return addr;
}

async function timedSignUp(addr: string): Promise<number> {
  const start = performance.now();
  const r = await raw(b, 'POST', '/signup', { email: addr, password: 'Probe-pass-1' });
  const ms = performance.now() - start;
  expect(r.status).toBe(200);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

describe('sign-up enumeration', () => {
  it('takes about as long for a registered address as for a new one', async () => {
    const known: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timedSignUp(await registered('enum-known')));
      fresh.push(await timedSignUp(email('enum-new')));
    }
    // Without a hash the registered address answers in a few milliseconds against a hash's ~100.
    expect(
      median(known) / median(fresh),
      `registered ${known.map(Math.round)} ms, new ${fresh.map(Math.round)} ms`,
    ).toBeGreaterThan(0.5);
  });

  it('answers a repeat within the e-mail interval with the same 429 for registered and new addresses', async () => {
    const known = await registered('enum-repeat-known');
    const fresh = email('enum-repeat-new');
    const answers = [];
    for (const addr of [known, fresh]) {
      const first = await raw(b, 'POST', '/signup', { email: addr, password: 'Probe-pass-1' });
      const second = await raw(b, 'POST', '/signup', { email: addr, password: 'Probe-pass-1' });
      answers.push([first.status, second.status, second.json?.code]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([200, 429, 'over_email_send_rate_limit']);
  });
});
