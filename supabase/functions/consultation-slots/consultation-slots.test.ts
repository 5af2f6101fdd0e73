// consultation-slots and the availability settings against the real local backend: everyone reads the settings,
// only administrators change them (RLS), and the free times follow them exactly as the pure rule computes them;
// every bad parameter is a clear 400/422, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  availableSlots,
  defaultBookingRules,
  defaultWorkingHours,
  londonParts,
  weekdayOf,
} from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import {
  anonClient,
  signedIn,
  startTestBackend,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let admin: SignedInUser;
let member: SignedInUser;
let typeId: string;
let requestTypeId: string;

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
  const ids = (
    await b.db.query<{ slug: string; id: string }>(`select slug, id from public.consultation_services`)
  ).rows;
  typeId = ids.find((r) => r.slug === 'cloud-readiness-review')!.id;
  requestTypeId = ids.find((r) => r.slug === 'dynamics-365-discovery')!.id;
});

afterAll(async () => {
  await b?.stop();
});

async function slots(query: string, token?: string) {
  const res = await fetch(`${b.url}/functions/v1/consultation-slots?${query}`, {
    headers: { apikey: b.anonKey, Authorization: `Bearer ${token ?? b.anonKey}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Days from a few days ahead, clear of the notice, so a call's `now` and the test's agree. */
const today = () => londonParts(new Date()).date;
const window = () => ({ from: addDays(today(), 3), to: addDays(today(), 16) });
const expected = (over: Parameters<typeof availableSlots>[0] extends infer I ? Partial<I> : never = {}) => {
  const { from, to } = window();
  return availableSlots(
    {
      type: { id: typeId, durationMinutes: 60, ...defaultBookingRules },
      workingHours: defaultWorkingHours,
      bookings: [],
      daysOff: [],
      isBankHoliday: scottishBankHoliday,
      now: new Date(),
      ...over,
    },
    from,
    to,
  );
};

describe('availability settings', () => {
  it('everyone reads the working hours, settings and days off; the defaults are Mon–Fri 09:00–17:00, 24 h', async () => {
    const anon = anonClient(b);
    const hours = await anon.from('booking_hours').select('weekday, opens, closes').order('weekday');
    expect(hours.data).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00:00', closes: '17:00:00' })),
    );
    expect((await anon.from('booking_settings').select('manage_cutoff_minutes')).data).toEqual([
      { manage_cutoff_minutes: 1440 },
    ]);
    expect((await anon.from('booking_days_off').select('day')).error).toBeNull();
    const type = await anon
      .from('consultation_services')
      .select(
        'booking_mode, buffer_before_minutes, buffer_after_minutes, min_notice_minutes, horizon_days, daily_cap',
      )
      .eq('id', typeId)
      .single();
    expect(type.data).toEqual({
      booking_mode: 'instant',
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: 1440,
      horizon_days: 60,
      daily_cap: null,
    });
  });

  it('visitors and signed-in users change nothing; administrators change them within bounds', async () => {
    for (const c of [anonClient(b), member.client]) {
      expect(
        (await c.from('booking_days_off').insert({ day: '2030-01-07', reason: 'Nope' })).error,
      ).not.toBeNull();
      expect(
        (await c.from('booking_hours').insert({ weekday: 6, opens: '10:00', closes: '12:00' })).error,
      ).not.toBeNull();
      expect((await c.from('booking_hours').delete().gte('weekday', 0).select()).data ?? []).toEqual([]);
      expect(
        (await c.from('booking_settings').update({ manage_cutoff_minutes: 0 }).eq('id', true).select())
          .data ?? [],
      ).toEqual([]);
      expect(
        (
          await c
            .from('consultation_services')
            .update({ booking_mode: 'request', daily_cap: 1 })
            .eq('id', typeId)
            .select()
        ).data ?? [],
      ).toEqual([]);
    }
    const { rows } = await b.db.query(
      `select (select count(*)::int from public.booking_hours) as hours,
              (select count(*)::int from public.booking_days_off) as off,
              (select manage_cutoff_minutes from public.booking_settings) as cutoff,
              (select booking_mode from public.consultation_services where id = $1) as mode`,
      [typeId],
    );
    expect(rows[0]).toEqual({ hours: 5, off: 0, cutoff: 1440, mode: 'instant' });

    const a = admin.client;
    expect(
      (await a.from('booking_settings').update({ manage_cutoff_minutes: 120 }).eq('id', true)).error,
    ).toBeNull();
    expect(
      (await a.from('booking_settings').update({ manage_cutoff_minutes: -1 }).eq('id', true)).error?.code,
    ).toBe('23514');
    expect(
      (await a.from('booking_hours').insert({ weekday: 6, opens: '12:00', closes: '10:00' })).error?.code,
    ).toBe('23514');
    expect(
      (await a.from('booking_hours').insert({ weekday: 6, opens: '10:10', closes: '12:00' })).error?.code,
    ).toBe('23514');
    expect((await a.from('booking_days_off').insert({ day: '2030-01-07', reason: ' ' })).error?.code).toBe(
      '23514',
    );
    expect(
      (await a.from('consultation_services').update({ booking_mode: 'sometimes' }).eq('id', typeId)).error
        ?.code,
    ).toBe('23514');
    expect(
      (await a.from('consultation_services').update({ daily_cap: 0 }).eq('id', typeId)).error?.code,
    ).toBe('23514');
    await a.from('booking_settings').update({ manage_cutoff_minutes: 1440 }).eq('id', true);
  });
});

describe('consultation-slots', () => {
  it('answers the free times as the availability rule computes them, in UTC, for the anon key', async () => {
    const { from, to } = window();
    const got = await slots(`type=${typeId}&from=${from}&to=${to}`);
    expect(got.status).toBe(200);
    expect(got.body.timeZone).toBe('Europe/London');
    expect(got.body.bookingMode).toBe('instant');
    const list = got.body.slots as { start: string; end: string }[];
    expect(list.length).toBeGreaterThan(20);
    expect(list).toEqual(expected());
    for (const s of list) {
      expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(60 * 60_000);
    }
    // Nothing inside the 24 hours' notice.
    const soon = (await slots(`type=${typeId}&from=${today()}&to=${addDays(today(), 1)}`)).body.slots as {
      start: string;
    }[];
    for (const s of soon)
      expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 24 * 3600_000 - 60_000);
  });

  it('follows what the administrators set: days off, working hours, a request-only type', async () => {
    const { from, to } = window();
    // The first weekday of the window that is no bank holiday, and the first Saturday.
    let off = from;
    while ([0, 6].includes(weekdayOf(off)) || scottishBankHoliday(off)) off = addDays(off, 1);
    let saturday = from;
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    const a = admin.client;
    expect(
      (await a.from('booking_days_off').insert({ day: off, reason: 'Team training day' })).error,
    ).toBeNull();
    const extra = await a
      .from('booking_hours')
      .insert({ weekday: 6, opens: '10:00', closes: '12:00' })
      .select('id')
      .single();
    expect(extra.error).toBeNull();
    expect(
      (await a.from('consultation_services').update({ booking_mode: 'request' }).eq('id', requestTypeId))
        .error,
    ).toBeNull();
    try {
      const list = (await slots(`type=${typeId}&from=${from}&to=${to}`)).body.slots as { start: string }[];
      const hours = [...defaultWorkingHours, { weekday: 6, startMinute: 600, endMinute: 720 }];
      expect(list).toEqual(expected({ workingHours: hours, daysOff: [{ date: off, reason: 'x' }] }));
      expect(list.some((s) => londonParts(new Date(s.start)).date === off)).toBe(false);
      expect(list.filter((s) => londonParts(new Date(s.start)).date === saturday)).toHaveLength(3);

      const request = await slots(`type=${requestTypeId}&from=${from}&to=${to}`);
      expect(request.body.bookingMode).toBe('request');
      // A request keeps the request rules: Mon–Fri 09:00–17:00 whatever the team's hours.
      expect(
        (request.body.slots as { start: string }[]).some(
          (s) => londonParts(new Date(s.start)).date === saturday,
        ),
      ).toBe(false);
    } finally {
      await a.from('booking_days_off').delete().eq('day', off);
      await a.from('booking_hours').delete().eq('id', extra.data!.id);
      await a.from('consultation_services').update({ booking_mode: 'instant' }).eq('id', requestTypeId);
    }
  });

  it('refuses bad parameters with a clear error and code, never a 500', async () => {
    const { from, to } = window();
    const inactive = (
      await b.db.query<{ id: string }>(
        `insert into public.consultation_services (slug, name, duration_minutes, is_active)
         values ('withdrawn-review', 'Withdrawn review', 60, false) returning id`,
      )
    ).rows[0]!.id;
    const cases: [string, number, string][] = [
      [`from=${from}&to=${to}`, 400, 'missing_type'],
      [`type=${typeId}`, 400, 'missing_range'],
      [`type=${typeId}&from=${from}`, 400, 'missing_range'],
      [`type=not-a-uuid&from=${from}&to=${to}`, 422, 'unknown_type'],
      [`type=${crypto.randomUUID()}&from=${from}&to=${to}`, 422, 'unknown_type'],
      [`type=${inactive}&from=${from}&to=${to}`, 422, 'unknown_type'],
      [`type=${typeId}&from=2027-02-30&to=${to}`, 422, 'bad_date'],
      [`type=${typeId}&from=tomorrow&to=${to}`, 422, 'bad_date'],
      [`type=${typeId}&from=${to}&to=${from}`, 422, 'bad_range'],
      [`type=${typeId}&from=${from}&to=${addDays(from, 200)}`, 422, 'range_too_long'],
      [`type=${typeId}'%20or%201=1&from=${from}&to=${to}`, 422, 'unknown_type'],
    ];
    for (const [query, status, code] of cases) {
      const got = await slots(query);
      expect([query, got.status, got.body.code]).toEqual([query, status, code]);
      expect(typeof got.body.error).toBe('string');
    }
    const post = await fetch(`${b.url}/functions/v1/consultation-slots`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        Authorization: `Bearer ${b.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(post.status).toBe(405);
    // Past days answer no slots rather than an error.
    const past = await slots(`type=${typeId}&from=2020-01-06&to=2020-01-10`);
    expect(past).toEqual({
      status: 200,
      body: { timeZone: 'Europe/London', bookingMode: 'instant', slots: [] },
    });
  });
});
