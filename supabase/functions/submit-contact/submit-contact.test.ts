// submit-contact against the real local backend: the message stored and mailed to both sides, and the database's
// per-address limit, which no forwarding header changes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  count,
  mails,
  postFrom,
  startTestBackend,
  waitForMails,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;

beforeAll(async () => {
  b = await startTestBackend();
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
});

afterAll(async () => {
  await b?.stop();
});

describe('submit-contact', () => {
  it('submit-contact stores the message and mails both sides', async () => {
    const email = `magnus-${randomUUID().slice(0, 8)}@example.test`;
    const { data, error } = await anonClient(b).functions.invoke('submit-contact', {
      body: { name: 'Magnus Gunn', email, subject: 'Hosting', message: 'Do you host WordPress sites?' },
    });
    expect(error).toBeNull();
    expect(data.reference).toMatch(/^PM-/);
    const [mine] = await waitForMails(b, email, 1);
    expect(mine!.subject).toBe(`We have your message ${data.reference} — Pentland Cloud`);
    expect(
      (await mails(b, 'hello@pentlandcloud.co.uk')).some(
        (m) => m.subject === `New contact message ${data.reference}: Hosting`,
      ),
    ).toBe(true);
  });
});

describe('rate limit', () => {
  /** A contact message from the loopback address `from` (a second address is a second client). */
  const sendFrom = (from: string, i: number, headers: Record<string, string> = {}) =>
    postFrom(
      b,
      'submit-contact',
      from,
      JSON.stringify({
        name: 'Burst',
        email: `burst${i}@example.test`,
        subject: 'Hi',
        message: 'Message number ' + i,
      }),
      headers,
    );

  it('the database refuses the address’s submissions past the limit, whatever forwarding header they carry', async () => {
    await b.db.query(`update private.form_rate_limits set max_per_window = 2 where form = 'contact'`);
    try {
      const before = await count(b, 'contact_messages');
      expect((await sendFrom('127.0.0.5', 1, { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(201);
      expect((await sendFrom('127.0.0.5', 2, { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(201);
      const third = await sendFrom('127.0.0.5', 3, { 'X-Forwarded-For': '203.0.113.3' });
      expect(third.status).toBe(429);
      expect((JSON.parse(third.text) as { error: string }).error).toBe(
        'Too many submissions from this address; please try again in an hour, or phone us.',
      );
      expect(await count(b, 'contact_messages')).toBe(before + 2);
      // Another address is not affected.
      expect((await sendFrom('127.0.0.6', 4)).status).toBe(201);
    } finally {
      await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
    }
  });
});
