// Booking reminders with a controllable clock (`now` in the body), against the real local backend: 24 hours and
// 1 hour before, once each, none for a cancelled booking or a request, none for a window the booking was made in;
// only the service role may run them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonParts } from '@pentland/enquiries';
import {
  callFunction,
  mails,
  serviceClient,
  signedIn,
  startTestBackend,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let typeId: string;

type Slot = { start: string; end: string };

beforeAll(async () => {
  b = await startTestBackend();
  typeId = (
    await b.db.query<{ id: string }>(
      `select id from public.consultation_services where slug = 'cloud-readiness-review'`,
    )
  ).rows[0]!.id;
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
});

afterAll(async () => {
  await b?.stop();
});

async function freeSlots(days: number): Promise<Slot[]> {
  const from = addDays(londonParts(new Date()).date, days);
  const res = await fetch(
    `${b.url}/functions/v1/consultation-slots?type=${typeId}&from=${from}&to=${addDays(from, 7)}`,
    { headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}` } },
  );
  return ((await res.json()) as { slots: Slot[] }).slots;
}

async function book(slot: Slot, over: Record<string, unknown> = {}) {
  const email = `fiona-${randomUUID().slice(0, 8)}@example.test`;
  const res = await callFunction(b, 'submit-consultation', {
    name: 'Fiona Sinclair',
    email,
    phone: '07700 900123',
    services: ['cloud-infrastructure'],
    consultationType: typeId,
    preferredSlot: slot.start,
    ...over,
  });
  expect(res.status).toBe(201);
  return {
    email,
    reference: res.body.reference as string,
    token: new URL(String(res.body.manageUrl ?? 'x:/')).searchParams.get('token'),
  };
}

/** Runs the reminders as the scheduler does, at `now`. */
async function run(now: number) {
  const { data, error } = await serviceClient(b).functions.invoke('send-booking-reminders', {
    body: { now: new Date(now).toISOString() },
  });
  expect(error).toBeNull();
  return (data as { sent: { reference: string; kind: string }[] }).sent;
}

const hours = (n: number) => n * 3600_000;
const reminders = async (email: string) =>
  (await mails(b, email)).filter((m) => m.subject.startsWith('Reminder'));

describe('send-booking-reminders', () => {
  it('sends 24 h and 1 h before, once each; none for a cancelled booking', async () => {
    const slots = await freeSlots(5);
    const start = Date.parse(slots[0]!.start);
    const mine = await book(slots[0]!);
    const dropped = await book(slots[4]!);
    const cancel = await callFunction(b, 'manage-booking', { token: dropped.token, action: 'cancel' });
    expect(cancel.status).toBe(200);

    expect((await run(start - hours(25))).filter((s) => s.reference === mine.reference)).toEqual([]);
    expect(await run(start - hours(23))).toContainEqual({ reference: mine.reference, kind: '24h' });
    expect((await run(start - hours(22))).filter((s) => s.reference === mine.reference)).toEqual([]);
    expect(await run(start - hours(0.5))).toContainEqual({ reference: mine.reference, kind: '1h' });
    expect((await run(start - hours(0.25))).filter((s) => s.reference === mine.reference)).toEqual([]);
    const got = await reminders(mine.email);
    expect(got.map((m) => m.subject).sort()).toEqual([
      `Reminder: your consultation ${mine.reference} is in an hour — Pentland Cloud`,
      `Reminder: your consultation ${mine.reference} is tomorrow — Pentland Cloud`,
    ]);
    const droppedStart = Date.parse(slots[4]!.start);
    await run(droppedStart - hours(23));
    await run(droppedStart - hours(0.5));
    expect(await reminders(dropped.email)).toEqual([]);
  });

  it('skips a window the booking was made in, and requests', async () => {
    const slots = await freeSlots(6);
    const start = Date.parse(slots[1]!.start);
    const late = await book(slots[1]!);
    // As if it had been booked 3 hours before the start: no day-before reminder, the hour's one still goes.
    await b.db.query(`update public.consultations set created_at = $2 where reference = $1`, [
      late.reference,
      new Date(start - hours(3)).toISOString(),
    ]);
    expect((await run(start - hours(23))).filter((s) => s.reference === late.reference)).toEqual([]);
    expect(await run(start - hours(0.5))).toContainEqual({ reference: late.reference, kind: '1h' });
    const requestType = (
      await b.db.query<{ id: string }>(
        `update public.consultation_services set booking_mode = 'request' where slug = 'it-support-planning' returning id`,
      )
    ).rows[0]!.id;
    const at = londonParts(new Date(slots[6]!.start));
    const local = `${at.date}T${String(Math.floor(at.minute / 60)).padStart(2, '0')}:${String(at.minute % 60).padStart(2, '0')}`;
    const asked = await book(slots[6]!, { consultationType: requestType, preferredSlot: local });
    const askedStart = Date.parse(slots[6]!.start);
    expect(
      (await run(askedStart - hours(23))).concat(await run(askedStart - hours(0.5))).map((s) => s.reference),
    ).not.toContain(asked.reference);
  });

  it('only the service role runs them', async () => {
    const member = await signedIn(b);
    for (const token of [undefined, member.token]) {
      const res = await callFunction(b, 'send-booking-reminders', { now: new Date().toISOString() }, token);
      expect([res.status, res.body.code]).toEqual([401, 'unauthorized']);
    }
    const bad = await serviceClient(b).functions.invoke('send-booking-reminders', {
      body: { now: 'tomorrow' },
    });
    expect((bad.error as { context: Response }).context.status).toBe(422);
    // Nor may anyone claim reminders through the API.
    const rpc = await member.client.rpc('claim_booking_reminders', { p_now: new Date().toISOString() });
    expect(rpc.error).not.toBeNull();
  });
});
