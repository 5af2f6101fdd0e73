/**
 * The forms' and the chat's rate limits count what a caller cannot choose: the client address the platform
 * reports (here the local backend, from the socket's peer) and, for a signed-in caller, their user id. Each case
 * calls the functions over raw HTTP from its own loopback address (127.0.0.0/8: a second address is a second
 * client), with forged forwarding headers where an attacker would send them.
 */
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { bookableDays } from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';
import { signedIn } from './session.ts';

let b: TestBackend;
let consultationType: string;
let slot: string;
const limits: Record<string, number> = {};

/** A POST to a function from the loopback address `from`; the whole answer is read (the chat streams). */
function post(
  from: string,
  fn: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/functions/v1/${fn}`, b.url),
      {
        method: 'POST',
        localAddress: from,
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${b.anonKey}`,
          'content-type': 'application/json',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Headers an attacker varies per request to look like a new client each time. */
const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` });

const FORMS = {
  contact: {
    fn: 'submit-contact',
    body: (mark: string) => ({
      name: 'Magnus Gunn',
      email: `${mark}@example.test`,
      subject: 'Hosting',
      message: 'Do you host WordPress sites?',
    }),
  },
  consultation: {
    fn: 'submit-consultation',
    body: (mark: string) => ({
      name: 'Fiona Sinclair',
      email: `${mark}@example.test`,
      phone: '07700 900123',
      services: ['cloud-infrastructure'],
      consultationType,
      preferredSlot: slot,
    }),
  },
  eboard: {
    fn: 'submit-eboard',
    body: (mark: string) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      return {
        name: 'Seaforth Darts',
        email: `${mark}@example.test`,
        title: 'Open night',
        message: 'Come and throw a few darts.',
        category: 'sport',
        displayFrom: today,
        displayUntil: today,
      };
    },
  },
} as const;
type Form = keyof typeof FORMS;

const mark = () => `rl-${randomUUID().slice(0, 12)}`;

/** The answers to `n` submissions of `form` from `from`, each with a new e-mail address. */
async function submit(
  form: Form,
  from: string,
  n: number,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push((await post(from, FORMS[form].fn, FORMS[form].body(mark()), headers(i))).status);
  return statuses;
}

beforeAll(async () => {
  process.env.OFFLINE_STREAM_DELAY_MS = '0';
  b = await startTestBackend();
  consultationType = (
    await b.db.query<{ id: string }>(
      `select id from public.consultation_services where is_active order by sort_order limit 1`,
    )
  ).rows[0]!.id;
  // The limit is tested on the request form (every submission is a new row); instant booking answers a second
  // booking of the same slot with 409, which booking tests cover.
  await b.db.query(`update public.consultation_services set booking_mode = 'request' where id = $1`, [
    consultationType,
  ]);
  const day = bookableDays({
    now: new Date(),
    durationMinutes: 120,
    isBankHoliday: scottishBankHoliday,
    count: 3,
  })[2]!;
  slot = `${day.date}T${day.times[0]}`;
  // The chat's real limit is 20 questions in ten minutes; three keep the test short and test the same rule.
  await b.db.query(`update private.form_rate_limits set max_per_window = 3 where form = 'chat'`);
  for (const r of (
    await b.db.query<{ form: string; max_per_window: number }>(
      'select form, max_per_window from private.form_rate_limits',
    )
  ).rows)
    limits[r.form] = r.max_per_window;
});
afterAll(async () => {
  await b?.stop();
});

describe.each(Object.keys(FORMS) as Form[])('the %s form', (form) => {
  it('a forged X-Forwarded-For (a new value per request) does not reset the limit', async () => {
    const statuses = await submit(form, '127.0.0.4', limits[form]! + 2, forged);
    expect(statuses).toEqual([...Array<number>(limits[form]!).fill(201), 429, 429]);
  });

  it('two client addresses do not share a bucket', async () => {
    expect(await submit(form, '127.0.0.2', limits[form]! + 1)).toEqual([
      ...Array<number>(limits[form]!).fill(201),
      429,
    ]);
    expect(await submit(form, '127.0.0.3', 1)).toEqual([201]);
  });
});

describe('a signed-in caller', () => {
  it('is limited per user, whatever address and forwarding headers each submission comes with', async () => {
    const user = await signedIn(b, { prefix: 'rl' });
    const statuses: number[] = [];
    for (let i = 0; i <= limits.contact!; i++) {
      const res = await post(`127.0.1.${i + 1}`, 'submit-contact', FORMS.contact.body(mark()), {
        authorization: `Bearer ${user.token}`,
        ...forged(i + 100),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(limits.contact!).fill(201), 429]);
    expect(
      (
        await b.db.query<{ n: number }>(
          'select count(*)::int as n from public.contact_messages where user_id = $1',
          [user.id],
        )
      ).rows[0]!.n,
    ).toBe(limits.contact);
    // The user's limit is theirs: a visitor from a new address still gets through.
    expect(await submit('contact', '127.0.1.50', 1)).toEqual([201]);
  });
});

describe('the chat', () => {
  const ask = (from: string, headers: Record<string, string> = {}) =>
    post(
      from,
      'chat',
      { messages: [{ role: 'user', content: 'Do you offer cloud backups?' }] },
      headers,
    ).then((r) => r.status);

  it('a forged X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limits.chat!; i++) statuses.push(await ask('127.0.0.4', forged(i)));
    expect(statuses).toEqual([...Array<number>(limits.chat!).fill(200), 429]);
  });

  it('two client addresses do not share a bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limits.chat!; i++) statuses.push(await ask('127.0.0.2'));
    expect(statuses).toEqual([...Array<number>(limits.chat!).fill(200), 429]);
    expect(await ask('127.0.0.3')).toBe(200);
  });

  it('a signed-in visitor is limited per user, from any address', async () => {
    const user = await signedIn(b, { prefix: 'rl' });
    const statuses: number[] = [];
    for (let i = 0; i <= limits.chat!; i++)
      statuses.push(
        await ask(`127.0.2.${i + 1}`, { authorization: `Bearer ${user.token}`, ...forged(i + 200) }),
      );
    expect(statuses).toEqual([...Array<number>(limits.chat!).fill(200), 429]);
    expect(await ask('127.0.2.50')).toBe(200);
  });
});
