// Instant booking through submit-consultation against the real local backend: a free time is booked and confirmed
// with a calendar invitation and a manage link; a time the slot function would not offer is a 422 with the field's
// message and changes nothing; a taken time is a 409 with the nearest free ones, also when 50 arrive at once; a
// request-only type behaves as requests always did.
import { createHash, randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonParts, weekdayOf } from '@pentland/enquiries';
import { scottishBankHoliday, scottishBankHolidaysAhead } from '@pentland/enquiries/holidays';
import {
  callFunction,
  count,
  mails,
  startTestBackend,
  waitForMails,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let typeId: string;
let requestTypeId: string;

type Slot = { start: string; end: string };

beforeAll(async () => {
  b = await startTestBackend();
  const ids = (
    await b.db.query<{ slug: string; id: string }>(`select slug, id from public.consultation_services`)
  ).rows;
  typeId = ids.find((r) => r.slug === 'cloud-readiness-review')!.id;
  requestTypeId = ids.find((r) => r.slug === 'dynamics-365-discovery')!.id;
  await b.db.query(`update public.consultation_services set booking_mode = 'request' where id = $1`, [
    requestTypeId,
  ]);
  await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
});

afterAll(async () => {
  await b?.stop();
});

const today = () => londonParts(new Date()).date;

/** The free times consultation-slots offers, from `days` ahead for a week. */
async function freeSlots(days = 3, type = typeId): Promise<Slot[]> {
  const from = addDays(today(), days);
  const res = await fetch(
    `${b.url}/functions/v1/consultation-slots?type=${type}&from=${from}&to=${addDays(from, 7)}`,
    { headers: { apikey: b.anonKey, Authorization: `Bearer ${b.anonKey}` } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { slots: Slot[] }).slots;
}

/** London wall-clock 'YYYY-MM-DDTHH:mm' of an instant, as the form's lists send it. */
const local = (iso: string) => {
  const at = londonParts(new Date(iso));
  return `${at.date}T${String(Math.floor(at.minute / 60)).padStart(2, '0')}:${String(at.minute % 60).padStart(2, '0')}`;
};

const form = (preferredSlot: string, over: Record<string, unknown> = {}) => ({
  name: 'Fiona Sinclair',
  email: `fiona-${randomUUID().slice(0, 8)}@example.test`,
  phone: '07700 900123',
  company: 'Sinclair Crofts',
  services: ['cloud-infrastructure'],
  consultationType: typeId,
  preferredSlot,
  message: 'Two servers in a cupboard.',
  ...over,
});

const parseIcs = (content: string) => {
  const comp = new ICAL.Component(ICAL.parse(Buffer.from(content, 'base64').toString()));
  const vevent = comp.getFirstSubcomponent('vevent')!;
  return {
    method: comp.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
  };
};

describe('an instant booking', () => {
  it('books a free time: confirmed, held, mailed with REQUEST/SEQUENCE 0 and a manage link, no longer offered', async () => {
    const [slot] = await freeSlots();
    const body = form(local(slot!.start));
    const res = await callFunction(b, 'submit-consultation', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'confirmed', start: slot!.start, end: slot!.end, mailed: true });
    const reference = res.body.reference as string;
    const url = new URL(res.body.manageUrl as string);
    expect(url.pathname).toBe('/bookings/manage');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = (
      await b.db.query(
        `select id, status, preferred_start, preferred_end, held_from, held_until, sequence, manage_token_hash
         from public.consultations where reference = $1`,
        [reference],
      )
    ).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ status: 'scheduled', sequence: 0 });
    expect(new Date(row.held_from as string).toISOString()).toBe(slot!.start);
    expect(new Date(row.held_until as string).toISOString()).toBe(slot!.end);
    // Only the token's hash is stored.
    expect(row.manage_token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    const [mine] = await waitForMails(b, body.email, 1);
    expect(mine!.subject).toBe(`Your consultation ${reference} is booked — Pentland Cloud`);
    expect(mine!.text).toContain(res.body.slot as string);
    expect(mine!.text).toContain(res.body.manageUrl as string);
    const invite = mine!.attachments.find((a) => a.filename === `consultation-${reference}.ics`)!;
    expect(invite.contentType).toBe('text/calendar');
    expect(parseIcs(invite.content)).toEqual({
      method: 'REQUEST',
      uid: `${row.id as string}@pentlandcloud.co.uk`,
      sequence: 0,
      status: 'CONFIRMED',
      start: slot!.start,
    });
    const copy = (await mails(b, 'hello@pentlandcloud.co.uk')).find((m) => m.subject.includes(reference))!;
    expect(copy.subject).toMatch(new RegExp(`^New booking ${reference}: Fiona Sinclair, `));
    expect(copy.text).not.toContain(token);
    expect(parseIcs(copy.attachments[0]!.content).uid).toBe(`${row.id as string}@pentlandcloud.co.uk`);

    expect((await freeSlots()).map((s) => s.start)).not.toContain(slot!.start);
  });

  it('takes the slot’s start as an ISO instant as well', async () => {
    const slot = (await freeSlots(4))[3]!;
    const res = await callFunction(b, 'submit-consultation', form(slot.start));
    expect([res.status, res.body.status, res.body.start]).toEqual([201, 'confirmed', slot.start]);
  });

  it('refuses a time the slot function would not offer, with the field’s message, storing nothing', async () => {
    // Weekdays three and ten or more days ahead that are no bank holidays.
    const workday = (ahead: number) => {
      let day = addDays(today(), ahead);
      while ([0, 6].includes(weekdayOf(day)) || scottishBankHoliday(day)) day = addDays(day, 1);
      return day;
    };
    const day = workday(3);
    const later = workday(10);
    let saturday = addDays(today(), 3);
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    const soon = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 1800_000) * 1800_000).toISOString();
    // A bank holiday within the year, with the horizon stretched to reach it.
    await b.db.query(`update public.consultation_services set horizon_days = 366 where id = $1`, [typeId]);
    const holiday = scottishBankHolidaysAhead().find(
      (h) => h.date > addDays(today(), 2) && h.date < addDays(today(), 360),
    )!;
    await b.db.query(`insert into public.booking_days_off (day, reason) values ($1, 'Team training day')`, [
      day,
    ]);
    const before = await count(b, 'consultations');
    const cases: [string, string][] = [
      ['2020-01-06T10:00', 'Choose a date and time in the future'],
      [soon, 'Choose a time at least 24 hours from now'],
      [`${addDays(today(), 400)}T10:00`, 'Choose a date within the next 366 days'],
      [`${holiday.date}T10:00`, `is a bank holiday in Scotland (${holiday.name}); choose another day`],
      [`${day}T10:00`, '(Team training day); choose another day'],
      [`${later}T18:00`, 'Choose one of the free times offered for this consultation'],
      [`${later}T16:30`, 'Choose one of the free times offered for this consultation'],
      [`${later}T10:10`, 'Choose one of the free times offered for this consultation'],
      [`${saturday}T10:00`, 'Choose one of the free times offered for this consultation'],
      [`${later}T10:00:00+09:00`, 'Choose one of the free times offered for this consultation'],
      ['tomorrow at ten', 'Choose a date and a time from the lists'],
      ['', 'Choose a preferred date and time'],
    ];
    try {
      for (const [slot, message] of cases) {
        const res = await callFunction(b, 'submit-consultation', form(slot));
        expect([slot, res.status]).toEqual([slot, 422]);
        expect((res.body.fields as Record<string, string>).preferredSlot).toContain(message);
      }
      expect(await count(b, 'consultations')).toBe(before);
    } finally {
      await b.db.query(`update public.consultation_services set horizon_days = 60 where id = $1`, [typeId]);
      await b.db.query(`delete from public.booking_days_off`);
    }
  });

  it('a taken time (or one inside a booking’s buffer) is a 409 with up to 3 nearest free times', async () => {
    const slots = await freeSlots(5);
    const first = await callFunction(b, 'submit-consultation', form(local(slots[4]!.start)));
    expect(first.status).toBe(201);
    const before = await count(b, 'consultations');
    const again = await callFunction(b, 'submit-consultation', form(local(slots[4]!.start)));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'This time was just taken. Here are the nearest free times.',
      code: 'slot_taken',
    });
    const nearest = again.body.nearest as Slot[];
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.length).toBeLessThanOrEqual(3);
    const offered = (await freeSlots(0)).concat(await freeSlots(7));
    for (const s of nearest) expect(offered).toContainEqual(s);
    // With a 30-minute buffer before each review, one starting as the booking ends would overlap it.
    await b.db.query(`update public.consultation_services set buffer_before_minutes = 30 where id = $1`, [
      typeId,
    ]);
    try {
      const next = new Date(Date.parse(slots[4]!.end)).toISOString();
      const inBuffer = await callFunction(b, 'submit-consultation', form(next));
      expect([inBuffer.status, inBuffer.body.code]).toEqual([409, 'slot_taken']);
    } finally {
      await b.db.query(`update public.consultation_services set buffer_before_minutes = 0 where id = $1`, [
        typeId,
      ]);
    }
    expect(await count(b, 'consultations')).toBe(before);
  });

  it('50 simultaneous bookings of one time: exactly one 201, 49 × 409 slot_taken', async () => {
    const slot = (await freeSlots(8))[2]!;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => callFunction(b, 'submit-consultation', form(local(slot.start)))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(
      new Set(['slot_taken']),
    );
    const { rows } = await b.db.query(
      `select count(*)::int as n from public.consultations where preferred_start = $1 and status <> 'cancelled'`,
      [slot.start],
    );
    expect(rows[0]).toEqual({ n: 1 });
  }, 180_000);
});

describe('a request-only type', () => {
  it('behaves as requests always did: status new, no held time, PUBLISH, and two may ask for one time', async () => {
    const [slot] = await freeSlots(3, requestTypeId);
    const asked = form(local(slot!.start), { consultationType: requestTypeId });
    const a = await callFunction(b, 'submit-consultation', asked);
    const c = await callFunction(
      b,
      'submit-consultation',
      form(local(slot!.start), { consultationType: requestTypeId }),
    );
    expect([a.status, a.body.status, c.status]).toEqual([201, 'requested', 201]);
    expect(a.body.manageUrl).toBeUndefined();
    const row = (
      await b.db.query(
        `select status, held_from, manage_token_hash from public.consultations where reference = $1`,
        [a.body.reference],
      )
    ).rows[0];
    expect(row).toEqual({ status: 'new', held_from: null, manage_token_hash: null });
    const [mine] = await waitForMails(b, asked.email, 1);
    expect(mine!.subject).toBe(`Your consultation request ${a.body.reference as string} — Pentland Cloud`);
    expect(parseIcs(mine!.attachments[0]!.content)).toMatchObject({ method: 'PUBLISH', status: 'TENTATIVE' });
  });
});
