// An entry's time-of-day schedule and display seconds, saved through moderate-eboard's `edit` action and straight
// through REST, against the real local backend: what is refused (with its reason, nothing changed), who may save,
// and what the public board view then carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  callFunction,
  signedIn,
  startTestBackend,
  type SignedInUser,
  type TestBackend,
} from '../_test/testing.ts';

let b: TestBackend;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  [admin, member] = await Promise.all([signedIn(b, { admin: true }), signedIn(b)]);
});

afterAll(async () => {
  await b?.stop();
});

/** An approved entry on the board from today (UK) for `days` days. */
async function approvedEntry(days = 1): Promise<{ id: string; from: string; until: string }> {
  const { rows } = await b.db.query<{ id: string; from: string; until: string }>(
    `insert into public.eboard_submissions (title, description, contact_name, contact_email, status,
       display_from, display_until)
     values ('Coffee morning', 'Tea, coffee and cake in the hall.', 'Morag', 'morag@example.test', 'approved',
       (now() at time zone 'Europe/London')::date, (now() at time zone 'Europe/London')::date + $1::int - 1)
     returning id, display_from::text as from, display_until::text as until`,
    [days],
  );
  return rows[0]!;
}

const stored = async (id: string) =>
  (
    await b.db.query<{ schedule: unknown; display_seconds: number | null; title: string }>(
      `select schedule, display_seconds, title from public.eboard_submissions where id = $1`,
      [id],
    )
  ).rows[0]!;

const weekday = (date: string) =>
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
const otherDay = (date: string) => {
  const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
  return days[(days.indexOf(weekday(date)) + 3) % 7]!;
};

describe('moderate-eboard edit: the schedule', () => {
  it('saves windows and display seconds, and the public board carries them', async () => {
    const e = await approvedEntry();
    const schedule = [{ days: [weekday(e.from), 'mon'], from: '07:00', to: '24:00' }];
    const res = await callFunction(
      b,
      'moderate-eboard',
      {
        action: 'edit',
        id: e.id,
        title: 'Coffee morning in the hall',
        message: 'Tea, coffee and cake.',
        displayFrom: e.from,
        displayUntil: e.until,
        schedule,
        displaySeconds: 20,
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect((res.body.updated as { id: string }[])[0]!.id).toBe(e.id);
    const row = await stored(e.id);
    expect(row.title).toBe('Coffee morning in the hall');
    expect(row.display_seconds).toBe(20);
    expect((row.schedule as { days: string[] }[])[0]!.days).toContain(weekday(e.from));
    const { data } = await anonClient(b)
      .from('eboard_board')
      .select('schedule, display_seconds')
      .eq('id', e.id)
      .single();
    expect(data).toEqual({ schedule: row.schedule, display_seconds: 20 });
  });

  it.each([
    [
      'an end before its start',
      [{ days: ['mon'], from: '22:00', to: '02:00' }],
      'the end must be after the start (for a window past midnight, add a second window)',
    ],
    [
      'an unknown weekday',
      [{ days: ['mon', 'someday'], from: '07:00', to: '10:00' }],
      '"someday" is not a weekday (use mon, tue, wed, thu, fri, sat, sun)',
    ],
    [
      'a start that is no time',
      [{ days: ['mon'], from: 'noon', to: '13:00' }],
      'the start must be a time like 07:00',
    ],
    ['no list', 'weekdays', 'The schedule must be a list of time windows'],
  ])('refuses %s with the reason, and changes nothing', async (_, schedule, message) => {
    const e = await approvedEntry();
    const before = await stored(e.id);
    const res = await callFunction(
      b,
      'moderate-eboard',
      { action: 'edit', id: e.id, title: 'Changed', message: 'Changed too.', displayFrom: e.from, schedule },
      admin.token,
    );
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ schedule: message });
    expect(await stored(e.id)).toEqual(before);
    // Straight through REST the database refuses it too, with the same words.
    const direct = await admin.client.from('eboard_submissions').update({ schedule }).eq('id', e.id);
    expect(direct.error?.message).toBe(message);
    expect(direct.status).toBe(400);
    expect(await stored(e.id)).toEqual(before);
  });

  it('refuses windows that never meet the display dates, in the function and in the database', async () => {
    const e = await approvedEntry(1);
    const never = [{ days: [otherDay(e.from)], from: '07:00', to: '10:00' }];
    const res = await callFunction(
      b,
      'moderate-eboard',
      {
        action: 'edit',
        id: e.id,
        title: 'Coffee morning',
        message: 'Tea and cake.',
        displayFrom: e.from,
        displayUntil: e.until,
        schedule: never,
      },
      admin.token,
    );
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({
      schedule: 'This schedule never opens on the display dates — choose days or times that fall within them',
    });
    const direct = await admin.client.from('eboard_submissions').update({ schedule: never }).eq('id', e.id);
    expect(direct.status).toBe(400);
    expect(direct.error?.message).toBe(
      'This schedule never opens on the display dates — choose days or times that fall within them',
    );
    // Moving the dates away from a saved schedule's weekdays is refused the same way.
    const fits = [{ days: [weekday(e.from)], from: '07:00', to: '10:00' }];
    expect(
      (await admin.client.from('eboard_submissions').update({ schedule: fits }).eq('id', e.id)).error,
    ).toBeNull();
    const next = new Date(Date.parse(`${e.from}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const moved = await admin.client
      .from('eboard_submissions')
      .update({ display_from: next, display_until: next })
      .eq('id', e.id);
    expect(moved.status).toBe(400);
    expect((await stored(e.id)).schedule).toEqual(fits);
  });

  it('refuses display seconds out of range, and bad ids, without a 500', async () => {
    const e = await approvedEntry();
    for (const displaySeconds of [2, 600, 'ten', 7.5]) {
      const res = await callFunction(
        b,
        'moderate-eboard',
        { action: 'edit', id: e.id, title: 'Coffee', message: 'Tea and cake.', displaySeconds },
        admin.token,
      );
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({
        displaySeconds: 'The display time must be a whole number of seconds from 5 to 120',
      });
    }
    const direct = await admin.client
      .from('eboard_submissions')
      .update({ display_seconds: 600 })
      .eq('id', e.id);
    expect(direct.status).toBe(400);
    expect((await stored(e.id)).display_seconds).toBeNull();
    const badId = await callFunction(b, 'moderate-eboard', { action: 'edit', id: 'nope' }, admin.token);
    expect(badId.status).toBe(400);
    const gone = await callFunction(
      b,
      'moderate-eboard',
      {
        action: 'edit',
        id: '00000000-0000-4000-8000-000000000000',
        title: 'Coffee',
        message: 'Tea and cake.',
      },
      admin.token,
    );
    expect(gone.status).toBe(404);
  });

  it('only administrators edit: a visitor and a signed-in member are refused, nothing changes', async () => {
    const e = await approvedEntry();
    const before = await stored(e.id);
    const body = { action: 'edit', id: e.id, title: 'Mine now', message: 'Taken over.', schedule: [] };
    expect((await callFunction(b, 'moderate-eboard', body)).status).toBe(401);
    expect((await callFunction(b, 'moderate-eboard', body, member.token)).status).toBe(403);
    await member.client.from('eboard_submissions').update({ display_seconds: 60 }).eq('id', e.id);
    await anonClient(b).from('eboard_submissions').update({ display_seconds: 60 }).eq('id', e.id);
    expect(await stored(e.id)).toEqual(before);
  });
});
