// Never double-booked: the database itself refuses a booking whose held time (the meeting with its buffers)
// overlaps an active one — 50 simultaneous attempts at one slot through REST give exactly one booking — while a
// request (no held time) and a cancelled booking hold nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';

let b: TestBackend;

beforeAll(async () => {
  b = await startTestBackend();
});

afterAll(async () => {
  await b?.stop();
});

const at = (hhmm: string) => `2031-03-04T${hhmm}:00Z`;
/** A booking row as submit-consultation writes it: the meeting and the time it holds. */
const booking = (start: string, end: string, held: [string, string] = [start, end]) => ({
  id: randomUUID(),
  name: 'Fiona Sinclair',
  email: `fiona-${randomUUID().slice(0, 8)}@example.test`,
  status: 'scheduled',
  preferred_start: at(start),
  preferred_end: at(end),
  held_from: at(held[0]),
  held_until: at(held[1]),
});

describe('the exclusion constraint', () => {
  it('50 simultaneous attempts at one slot: exactly one booking, 49 refusals', async () => {
    await b.db.query(`update private.form_rate_limits set max_per_window = 1000`);
    const db = serviceClient(b);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.from('consultations').insert(booking('10:00', '11:00', ['09:45', '11:15'])),
      ),
    );
    const ok = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => r.error!.code))).toEqual(new Set(['23P01']));
    const { rows } = await b.db.query(
      `select count(*)::int as n from public.consultations where preferred_start = $1`,
      [at('10:00')],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('counts the buffers, frees a cancelled booking’s time and holds nothing for a request', async () => {
    const db = serviceClient(b);
    const insert = (row: Record<string, unknown>) => db.from('consultations').insert(row);
    // 10:00–11:00 holds 09:45–11:15 (above): 11:00–12:00 without buffers still overlaps the buffer after.
    expect((await insert(booking('11:00', '12:00'))).error?.code).toBe('23P01');
    expect((await insert(booking('11:30', '12:00', ['11:00', '12:00']))).error?.code).toBe('23P01');
    expect((await insert(booking('11:15', '12:15'))).error).toBeNull();
    expect((await insert(booking('09:00', '09:45'))).error).toBeNull();
    // A request keeps its preferred time and holds none.
    const request = { ...booking('10:00', '11:00'), status: 'new', held_from: null, held_until: null };
    expect((await insert(request)).error).toBeNull();
    // Cancelling frees the time; reopening the cancelled one then collides with its replacement.
    const first = booking('14:00', '15:00');
    expect((await insert(first)).error).toBeNull();
    expect(
      (await db.from('consultations').update({ status: 'cancelled' }).eq('id', first.id)).error,
    ).toBeNull();
    expect((await insert(booking('14:30', '15:30'))).error).toBeNull();
    const reopen = await db.from('consultations').update({ status: 'new' }).eq('id', first.id);
    expect(reopen.error?.code).toBe('23P01');
    // The refusal says why, in words an administrator can act on, naming the booking that holds the time.
    const { rows: holder } = await b.db.query<{ reference: string }>(
      `select reference from public.consultations where preferred_start = $1 and status <> 'cancelled'`,
      [at('14:30')],
    );
    expect(reopen.error?.message).toBe(
      `This booking’s time is now held by ${holder[0]!.reference}, so it cannot be reopened. Move it to a free time instead.`,
    );
    expect((await db.from('consultations').select('status').eq('id', first.id).single()).data).toEqual({
      status: 'cancelled',
    });
    // Moving an active booking onto another's held time is refused the same way.
    const later = booking('16:00', '17:00');
    expect((await insert(later)).error).toBeNull();
    const onto = await db
      .from('consultations')
      .update({
        preferred_start: at('14:45'),
        preferred_end: at('15:15'),
        held_from: at('14:45'),
        held_until: at('15:15'),
      })
      .eq('id', later.id);
    expect(onto.error).toMatchObject({
      code: '23P01',
      message: `This booking’s time is now held by ${holder[0]!.reference}. Move it to a free time instead.`,
    });
    // A held time must cover the meeting, and both ends come together.
    expect((await insert(booking('18:00', '19:00', ['18:15', '19:00']))).error?.code).toBe('23514');
    expect((await insert({ ...booking('18:00', '19:00'), held_until: null })).error?.code).toBe('23514');
  });
});
