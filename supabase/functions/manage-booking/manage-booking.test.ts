// manage-booking from outside, against the real local backend: the visitor's link reads, moves and cancels their
// booking only (each change mailed as an updated invitation with the same UID and the next SEQUENCE), a forged or
// expired link does nothing, the cut-off holds; administrators act with their session and a reason, other users
// and the anon key cannot.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonParts } from '@pentland/enquiries';
import {
  callFunction,
  signedIn,
  startTestBackend,
  mails,
  type CaughtMail,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let admin: SignedInUser;
let member: SignedInUser;
let typeId: string;

type Slot = { start: string; end: string };
type Booking = { reference: string; token: string; email: string; slot: Slot; id: string };

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
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

async function book(slot: Slot): Promise<Booking> {
  const email = `fiona-${randomUUID().slice(0, 8)}@example.test`;
  const res = await callFunction(b, 'submit-consultation', {
    name: 'Fiona Sinclair',
    email,
    phone: '07700 900123',
    services: ['cloud-infrastructure'],
    consultationType: typeId,
    preferredSlot: slot.start,
  });
  expect(res.status).toBe(201);
  const reference = res.body.reference as string;
  const id = (
    await b.db.query<{ id: string }>(`select id from public.consultations where reference = $1`, [reference])
  ).rows[0]!.id;
  return {
    reference,
    email,
    slot,
    id,
    token: new URL(res.body.manageUrl as string).searchParams.get('token')!,
  };
}

async function get(token: string) {
  const res = await fetch(`${b.url}/functions/v1/manage-booking?token=${encodeURIComponent(token)}`, {
    headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const manage = (body: unknown, token?: string) => callFunction(b, 'manage-booking', body, token);

/** The mail to `email` whose subject matches, once it has arrived, with its invitation parsed. */
const invite = async (email: string, subject: RegExp) => {
  let mail: CaughtMail | undefined;
  for (let i = 0; i < 50 && !mail; i++) {
    mail = (await mails(b, email)).find((m) => subject.test(m.subject));
    if (!mail) await new Promise((r) => setTimeout(r, 100));
  }
  if (!mail) throw new Error(`no mail to ${email} matching ${subject}`);
  const comp = new ICAL.Component(ICAL.parse(Buffer.from(mail.attachments[0]!.content, 'base64').toString()));
  const vevent = comp.getFirstSubcomponent('vevent')!;
  return {
    subject: mail.subject,
    text: mail.text,
    method: comp.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  };
};

const stored = async (id: string) =>
  (
    await b.db.query<{ status: string; sequence: number; preferred_start: Date }>(
      `select status, sequence, preferred_start from public.consultations where id = $1`,
      [id],
    )
  ).rows[0]!;

describe('the visitor’s link', () => {
  it('reads the booking, moves it (REQUEST, SEQUENCE 1) and cancels it (CANCEL, SEQUENCE 2), freeing the time', async () => {
    const slots = await freeSlots(4);
    const mine = await book(slots[0]!);
    const read = await get(mine.token);
    expect(read).toEqual({
      status: 200,
      body: {
        reference: mine.reference,
        typeName: 'Cloud readiness review',
        start: mine.slot.start,
        end: mine.slot.end,
        timeZone: 'Europe/London',
        status: 'confirmed',
        canChange: true,
        cutoff: new Date(Date.parse(mine.slot.start) - 24 * 3600_000).toISOString(),
        contact: { phone: expect.any(String), email: 'hello@pentlandcloud.co.uk' },
      },
    });

    const target = slots[5]!;
    const moved = await manage({ token: mine.token, action: 'reschedule', start: target.start });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: target.start, end: target.end, status: 'confirmed' });
    expect(await invite(mine.email, / has moved /)).toMatchObject({
      subject: `Your consultation ${mine.reference} has moved — Pentland Cloud`,
      method: 'REQUEST',
      uid: `${mine.id}@pentlandcloud.co.uk`,
      sequence: 1,
      start: target.start,
    });
    const offered = (await freeSlots(4)).map((s) => s.start);
    expect(offered).toContain(mine.slot.start);
    expect(offered).not.toContain(target.start);

    const cancelled = await manage({ token: mine.token, action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canChange: false, start: target.start });
    expect(await invite(mine.email, / is cancelled /)).toMatchObject({
      subject: `Your consultation ${mine.reference} is cancelled — Pentland Cloud`,
      method: 'CANCEL',
      uid: `${mine.id}@pentlandcloud.co.uk`,
      sequence: 2,
      status: 'CANCELLED',
    });
    expect(await stored(mine.id)).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect((await freeSlots(4)).map((s) => s.start)).toContain(target.start);
    expect((await get(mine.token)).body.status).toBe('cancelled');
    for (const again of [
      { token: mine.token, action: 'cancel' },
      { token: mine.token, action: 'reschedule', start: slots[7]!.start },
    ]) {
      const res = await manage(again);
      expect([res.status, res.body.code]).toEqual([409, 'already_cancelled']);
    }
  });

  it('refuses a taken, unavailable or malformed new time, changing nothing', async () => {
    const slots = await freeSlots(5);
    const [mine, theirs] = [await book(slots[0]!), await book(slots[4]!)];
    const taken = await manage({ token: mine.token, action: 'reschedule', start: theirs.slot.start });
    expect([taken.status, taken.body.code]).toEqual([409, 'slot_taken']);
    expect((taken.body.nearest as Slot[]).length).toBeGreaterThan(0);
    const night = new Date(Date.parse(slots[0]!.start) + 12 * 3600_000).toISOString();
    const closed = await manage({ token: mine.token, action: 'reschedule', start: night });
    expect([closed.status, closed.body.code]).toEqual([422, 'slot_unavailable']);
    for (const start of [undefined, 'soon', 42]) {
      const res = await manage({ token: mine.token, action: 'reschedule', start });
      expect([res.status, res.body.code]).toEqual([422, 'bad_start']);
    }
    const odd = await manage({ token: mine.token, action: 'delete' });
    expect([odd.status, odd.body.code]).toEqual([422, 'bad_action']);
    expect(await stored(mine.id)).toMatchObject({ status: 'scheduled', sequence: 0 });
    // Moving within its own held time is fine: the booking does not block itself.
    const half = new Date(Date.parse(slots[0]!.start) + 30 * 60_000).toISOString();
    expect((await manage({ token: mine.token, action: 'reschedule', start: half })).status).toBe(200);
  });

  it('a forged, malformed or another booking’s token reaches nothing; a past meeting’s link has expired', async () => {
    const slots = await freeSlots(6);
    const [mine, theirs] = [await book(slots[0]!), await book(slots[3]!)];
    const forged = mine.token.slice(0, -2) + (mine.token.endsWith('AA') ? 'BB' : 'AA');
    for (const token of [forged, 'abc', '', `${mine.token}x`, "' or 1=1 --"]) {
      const res = await get(token);
      expect([token, res.status, res.body.code]).toEqual([token, 404, 'invalid_link']);
      const post = await manage({ token, action: 'cancel' });
      expect([token, post.status, post.body.code]).toEqual([token, 404, 'invalid_link']);
    }
    expect((await get(theirs.token)).body.reference).toBe(theirs.reference);
    expect((await get(mine.token)).body.reference).toBe(mine.reference);
    expect(await stored(mine.id)).toMatchObject({ status: 'scheduled', sequence: 0 });

    await b.db.query(
      `update public.consultations set preferred_start = now() - interval '2 hours', preferred_end = now() - interval '1 hour',
         held_from = now() - interval '2 hours', held_until = now() - interval '1 hour' where id = $1`,
      [mine.id],
    );
    expect([(await get(mine.token)).status, (await get(mine.token)).body.code]).toEqual([
      410,
      'expired_link',
    ]);
    const late = await manage({ token: mine.token, action: 'cancel' });
    expect([late.status, late.body.code]).toEqual([410, 'expired_link']);
  });

  it('after the cut-off the visitor cannot change it; an administrator still can, with a reason', async () => {
    const mine = await book((await freeSlots(3))[1]!);
    await b.db.query(`update public.booking_settings set manage_cutoff_minutes = 10080`);
    try {
      expect((await get(mine.token)).body.canChange).toBe(false);
      const late = await manage({ token: mine.token, action: 'cancel' });
      expect([late.status, late.body.code]).toEqual([422, 'after_cutoff']);
      expect(await stored(mine.id)).toMatchObject({ status: 'scheduled', sequence: 0 });
      const byAdmin = await manage(
        { id: mine.id, action: 'cancel', reason: 'The engineer is ill.' },
        admin.token,
      );
      expect([byAdmin.status, byAdmin.body.status]).toEqual([200, 'cancelled']);
      const mail = await invite(mine.email, / is cancelled /);
      expect(mail).toMatchObject({ method: 'CANCEL', sequence: 1 });
      expect(mail.text).toContain('Reason: The engineer is ill.');
    } finally {
      await b.db.query(`update public.booking_settings set manage_cutoff_minutes = 1440`);
    }
  });
});

describe('administrators', () => {
  it('move a booking with their session and a reason; other users and the anon key cannot', async () => {
    const slots = await freeSlots(8);
    const mine = await book(slots[0]!);
    const move = {
      id: mine.id,
      action: 'reschedule',
      start: slots[4]!.start,
      reason: 'Our engineer is away.',
    };
    const anon = await manage(move);
    expect([anon.status, anon.body.code]).toEqual([401, 'invalid_link']);
    const other = await manage(move, member.token);
    expect([other.status, other.body.code]).toEqual([403, 'forbidden']);
    const noReason = await manage({ ...move, reason: ' ' }, admin.token);
    expect([noReason.status, noReason.body.code]).toEqual([422, 'missing_reason']);
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await manage({ ...move, id }, admin.token);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    expect(await stored(mine.id)).toMatchObject({ status: 'scheduled', sequence: 0 });
    const done = await manage(move, admin.token);
    expect([done.status, done.body.start]).toEqual([200, slots[4]!.start]);
    const mail = await invite(mine.email, / has moved /);
    expect(mail).toMatchObject({ method: 'REQUEST', sequence: 1, start: slots[4]!.start });
    expect(mail.text).toContain('Reason: Our engineer is away.');
    // The mail carries a new booking link, which reads the moved booking; only the newest link works.
    const link = /use your booking link: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect(token).not.toBe(mine.token);
    expect((await get(token)).body).toMatchObject({ reference: mine.reference, start: slots[4]!.start });
    expect(await get(mine.token)).toMatchObject({ status: 404, body: { code: 'invalid_link' } });
  });

  it('a move onto another booking’s time is refused naming that booking; a visitor’s link is told only “taken”', async () => {
    const slots = await freeSlots(10);
    const [mine, theirs] = [await book(slots[0]!), await book(slots[6]!)];
    const onto = await manage(
      { id: mine.id, action: 'reschedule', start: theirs.slot.start, reason: 'Our engineer is away.' },
      admin.token,
    );
    expect([onto.status, onto.body.code]).toEqual([409, 'slot_taken']);
    expect(onto.body.error).toMatch(
      new RegExp(
        `^This time overlaps booking ${theirs.reference} on \\w+ \\d+ \\w+ \\d{4} at \\d\\d:\\d\\d \\(UK time\\)`,
      ),
    );
    expect(onto.body.clash).toEqual({
      reference: theirs.reference,
      start: theirs.slot.start,
      end: theirs.slot.end,
    });
    // The reference and time only: nothing of the other visitor beyond what the dashboard lists.
    expect(JSON.stringify(onto.body)).not.toContain(theirs.email);
    expect((onto.body.nearest as Slot[]).length).toBeGreaterThan(0);

    const byVisitor = await manage({ token: mine.token, action: 'reschedule', start: theirs.slot.start });
    expect([byVisitor.status, byVisitor.body.error]).toEqual([
      409,
      'This time was just taken. Here are the nearest free times.',
    ]);
    expect(byVisitor.body.clash).toBeUndefined();
    expect(JSON.stringify(byVisitor.body)).not.toContain(theirs.reference);
    expect(await stored(mine.id)).toMatchObject({ status: 'scheduled', sequence: 0 });
  });
});
