import { describe, expect, it } from 'vitest';
import {
  availableSlots,
  bookingMessages,
  checkBookingStart,
  clashOf,
  defaultBookingRules,
  defaultWorkingHours,
  heldRange,
  londonInstant,
  nearestSlots,
  parseSlotStart,
  requestRules,
  type AvailabilityInput,
  type BookingRules,
  type HeldBooking,
} from '../src/index.ts';
import { scottishBankHoliday } from '../src/holidays.ts';

// Monday 23 November 2026, 10:00 in London (GMT, so 10:00 UTC).
const now = new Date('2026-11-23T10:00:00Z');
const hour: BookingRules = { id: 'review', durationMinutes: 60, ...defaultBookingRules };

const input = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  type: hour,
  workingHours: defaultWorkingHours,
  bookings: [],
  daysOff: [],
  isBankHoliday: scottishBankHoliday,
  now,
  ...over,
});

/** London wall-clock 'HH:mm' of each slot's start. */
const london = (slots: { start: string }[]) =>
  slots.map((s) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(s.start)),
  );
const starts = (slots: { start: string }[]) => slots.map((s) => s.start);
const halfHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); ; m += 30) {
    const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    out.push(t);
    if (t === to) return out;
  }
};
const booking = (type: BookingRules, local: string): HeldBooking =>
  heldRange(
    type,
    londonInstant(local.slice(0, 10), Number(local.slice(11, 13)) * 60 + Number(local.slice(14))),
  );

describe('working hours', () => {
  it('offers Mon–Fri 09:00–17:00 London on the half hour, ending by 17:00, in UTC instants', () => {
    const wed = availableSlots(input(), '2026-11-25', '2026-11-25');
    expect(london(wed)).toEqual(halfHours('09:00', '16:00'));
    expect(wed[0]).toEqual({ start: '2026-11-25T09:00:00.000Z', end: '2026-11-25T10:00:00.000Z' });
    expect(availableSlots(input(), '2026-11-28', '2026-11-29')).toEqual([]);
  });

  it('follows the hours the administrators set, several periods a day and weekends included', () => {
    const hours = [
      { weekday: 3, startMinute: 8 * 60, endMinute: 10 * 60 },
      { weekday: 3, startMinute: 14 * 60 + 15, endMinute: 15 * 60 + 30 },
      { weekday: 6, startMinute: 10 * 60, endMinute: 12 * 60 },
    ];
    expect(london(availableSlots(input({ workingHours: hours }), '2026-11-25', '2026-11-25'))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '14:15',
    ]);
    expect(london(availableSlots(input({ workingHours: hours }), '2026-11-28', '2026-11-28'))).toEqual([
      '10:00',
      '10:30',
      '11:00',
    ]);
    expect(checkBookingStart(new Date('2026-11-25T10:30:00Z'), input({ workingHours: hours }))).toEqual({
      error: 'Choose one of the free times offered for this consultation',
    });
  });

  it('refuses a start off the grid or outside the hours, as crafted through the API', () => {
    for (const raw of ['2026-11-25T09:10', '2026-11-25T16:30', '2026-11-25T08:30', '2026-11-28T10:00'])
      expect(checkBookingStart(parseSlotStart(raw)!, input())).toEqual({
        error: 'Choose one of the free times offered for this consultation',
      });
    expect(checkBookingStart(parseSlotStart('2026-11-25T16:00')!, input())).toEqual({
      slot: { start: '2026-11-25T16:00:00.000Z', end: '2026-11-25T17:00:00.000Z' },
    });
  });
});

describe('notice and horizon', () => {
  it('offers nothing inside the notice (24 hours by default) or in the past', () => {
    expect(london(availableSlots(input(), '2026-11-20', '2026-11-24'))).toEqual(halfHours('10:00', '16:00'));
    const twoDays = input({ type: { ...hour, minimumNoticeMinutes: 48 * 60 } });
    expect(availableSlots(twoDays, '2026-11-24', '2026-11-24')).toEqual([]);
    expect(checkBookingStart(parseSlotStart('2026-11-24T09:30')!, input())).toEqual({
      error: 'Choose a time at least 24 hours from now',
    });
    expect(checkBookingStart(parseSlotStart('2026-11-23T09:00')!, input())).toEqual({
      error: 'Choose a date and time in the future',
    });
  });

  it('offers nothing beyond the horizon (60 days by default)', () => {
    const tail = availableSlots(input(), '2027-01-20', '2027-02-28');
    expect(tail.at(-1)!.start).toBe('2027-01-22T10:00:00.000Z');
    expect(checkBookingStart(parseSlotStart('2027-01-25T09:00')!, input())).toEqual({
      error: 'Choose a date within the next 60 days',
    });
    const week = input({ type: { ...hour, horizonDays: 8 } });
    expect(availableSlots(week, '2026-11-23', '2027-01-31').at(-1)!.start).toBe('2026-12-01T10:00:00.000Z');
  });
});

describe('bookings, buffers and the daily cap', () => {
  const buffered: BookingRules = { ...hour, id: 'buffered', bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };

  it('keeps a booking and both types’ buffers apart', () => {
    const taken = [booking(buffered, '2026-11-25T11:00')];
    expect(taken[0]).toMatchObject({
      heldStart: '2026-11-25T10:45:00.000Z',
      heldEnd: '2026-11-25T12:15:00.000Z',
    });
    expect(london(availableSlots(input({ bookings: taken }), '2026-11-25', '2026-11-25'))).toEqual([
      '09:00',
      '09:30',
      ...halfHours('12:30', '16:00'),
    ]);
    expect(
      london(availableSlots(input({ type: buffered, bookings: taken }), '2026-11-25', '2026-11-25')),
    ).toEqual(['09:00', '09:30', ...halfHours('12:30', '16:00')]);
    const plain = [booking(hour, '2026-11-25T11:00')];
    expect(
      london(availableSlots(input({ type: buffered, bookings: plain }), '2026-11-25', '2026-11-25')),
    ).toEqual(['09:00', '09:30', ...halfHours('12:30', '16:00')]);
    expect(london(availableSlots(input({ bookings: plain }), '2026-11-25', '2026-11-25'))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      ...halfHours('12:00', '16:00'),
    ]);
    expect(checkBookingStart(parseSlotStart('2026-11-25T11:30')!, input({ bookings: taken }))).toEqual({
      taken: true,
    });
  });

  it('stops offering a type on a day once its cap is reached, counting that type only', () => {
    const capped = input({
      type: { ...hour, dailyCap: 2 },
      bookings: [booking(hour, '2026-11-25T09:00'), booking({ ...hour, id: 'other' }, '2026-11-25T11:00')],
    });
    expect(london(availableSlots(capped, '2026-11-25', '2026-11-25'))).toEqual([
      '10:00',
      ...halfHours('12:00', '16:00'),
    ]);
    const full = { ...capped, bookings: [...capped.bookings, booking(hour, '2026-11-25T15:00')] };
    expect(availableSlots(full, '2026-11-25', '2026-11-25')).toEqual([]);
    expect(london(availableSlots(full, '2026-11-26', '2026-11-26'))).toHaveLength(15);
    expect(checkBookingStart(parseSlotStart('2026-11-25T13:00')!, full)).toEqual({ taken: true });
  });

  it('names what holds a taken time: the overlapping booking (or only its buffer), else the daily cap', () => {
    const other = { ...booking(buffered, '2026-11-25T11:00'), reference: 'PC-0000BEEF' };
    const early = { ...booking(hour, '2026-11-25T09:00'), reference: 'PC-0000CAFE' };
    const taken = input({ bookings: [other, early] });
    expect(clashOf(parseSlotStart('2026-11-25T11:30')!, taken)).toEqual({
      booking: other,
      meetingsOverlap: true,
    });
    // 12:00–13:00 clears the meeting (11:00–12:00) but not its 15 minutes after.
    expect(clashOf(parseSlotStart('2026-11-25T12:00')!, taken)).toEqual({
      booking: other,
      meetingsOverlap: false,
    });
    expect(clashOf(parseSlotStart('2026-11-25T09:30')!, taken)).toMatchObject({
      booking: { reference: 'PC-0000CAFE' },
    });
    expect(clashOf(parseSlotStart('2026-11-25T14:00')!, taken)).toBeNull();
    const full = input({ type: { ...hour, dailyCap: 1 }, bookings: [early] });
    expect(clashOf(parseSlotStart('2026-11-25T14:00')!, full)).toEqual({ cap: 1 });
    expect(bookingMessages.clash('PC-0000BEEF', 'Wednesday 25 November 2026 at 11:00 (UK time)', true)).toBe(
      'This time overlaps booking PC-0000BEEF on Wednesday 25 November 2026 at 11:00 (UK time); choose another time.',
    );
  });

  it('names the nearest free times to a taken one', () => {
    const taken = input({ bookings: [booking(hour, '2026-11-25T11:00')] });
    expect(london(nearestSlots(parseSlotStart('2026-11-25T11:00')!, taken))).toEqual([
      '09:30',
      '10:00',
      '12:00',
    ]);
  });
});

describe('closed days', () => {
  it('offers nothing on a Scottish bank holiday or a team day off, and says why', () => {
    // Monday 30 November 2026 is St Andrew's Day; Christmas and the Boxing Day substitute follow.
    expect(availableSlots(input(), '2026-11-30', '2026-11-30')).toEqual([]);
    expect(availableSlots(input(), '2026-12-25', '2026-12-28')).toEqual([]);
    expect(checkBookingStart(parseSlotStart('2026-11-30T10:00')!, input())).toEqual({
      error: 'Monday 30 November 2026 is a bank holiday in Scotland (St Andrew’s Day); choose another day',
    });
    const off = input({ daysOff: [{ date: '2026-12-02', reason: 'team training day' }] });
    expect(availableSlots(off, '2026-12-02', '2026-12-02')).toEqual([]);
    expect(availableSlots(off, '2026-12-01', '2026-12-03')).toHaveLength(30);
    expect(checkBookingStart(parseSlotStart('2026-12-02T10:00')!, off)).toEqual({
      error: 'We are closed on Wednesday 2 December 2026 (team training day); choose another day',
    });
  });
});

describe('the clock changes', () => {
  const sundayNight = [...defaultWorkingHours, { weekday: 0, startMinute: 0, endMinute: 3 * 60 }];
  const half: BookingRules = { ...hour, durationMinutes: 30, minimumNoticeMinutes: 0 };

  it('March: 09:00 London is 09:00 UTC before the change and 08:00 UTC after; the skipped hour is never offered', () => {
    const march = input({ now: new Date('2027-03-23T12:00:00Z') });
    // Thursday 25 March (Good Friday is a bank holiday) and Monday 29 March (Easter Monday is not, in Scotland).
    expect(availableSlots(march, '2027-03-25', '2027-03-25')[0]!.start).toBe('2027-03-25T09:00:00.000Z');
    expect(availableSlots(march, '2027-03-26', '2027-03-26')).toEqual([]);
    expect(availableSlots(march, '2027-03-29', '2027-03-29')[0]!.start).toBe('2027-03-29T08:00:00.000Z');
    expect(availableSlots(march, '2027-03-29', '2027-03-29').at(-1)!.end).toBe('2027-03-29T16:00:00.000Z');
    const night = input({ now: new Date('2027-03-24T12:00:00Z'), type: half, workingHours: sundayNight });
    // 00:00 and 00:30 GMT, then 02:00 and 02:30 BST: 01:00–02:00 does not exist that night.
    expect(starts(availableSlots(night, '2027-03-28', '2027-03-28'))).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-28T01:30:00.000Z',
    ]);
    expect(london(availableSlots(night, '2027-03-28', '2027-03-28'))).toEqual([
      '00:00',
      '00:30',
      '02:00',
      '02:30',
    ]);
    expect(parseSlotStart('2027-03-28T01:30')).toBeNull();
  });

  it('October: 09:00 is 08:00 UTC before the change and 09:00 UTC after; the repeated hour is offered twice', () => {
    const october = input({ now: new Date('2027-10-27T12:00:00Z') });
    expect(availableSlots(october, '2027-10-29', '2027-10-29')[0]!.start).toBe('2027-10-29T08:00:00.000Z');
    expect(availableSlots(october, '2027-11-01', '2027-11-01')[0]!.start).toBe('2027-11-01T09:00:00.000Z');
    const night = input({ now: new Date('2027-10-27T12:00:00Z'), type: half, workingHours: sundayNight });
    expect(starts(availableSlots(night, '2027-10-31', '2027-10-31'))).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-30T23:30:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-10-31T01:00:00.000Z',
      '2027-10-31T01:30:00.000Z',
      '2027-10-31T02:00:00.000Z',
      '2027-10-31T02:30:00.000Z',
    ]);
    expect(london(availableSlots(night, '2027-10-31', '2027-10-31'))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
    ]);
  });
});

describe('a visitor in New York', () => {
  it('gets the same UTC instants whatever the machine’s time zone, and the page can show both times', () => {
    const here = availableSlots(input(), '2026-11-25', '2026-11-27');
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date('2026-11-25T09:00:00Z').getHours()).toBe(4);
      expect(availableSlots(input(), '2026-11-25', '2026-11-27')).toEqual(here);
      expect(checkBookingStart(parseSlotStart('2026-11-25T04:00:00-05:00')!, input())).toEqual({
        slot: { start: '2026-11-25T09:00:00.000Z', end: '2026-11-25T10:00:00.000Z' },
      });
    } finally {
      process.env.TZ = saved;
      if (saved === undefined) delete process.env.TZ;
    }
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    expect(newYork.format(new Date(here[0]!.start))).toBe('04:00');
    expect(london(here.slice(0, 1))).toEqual(['09:00']);
  });
});

describe('request-only types', () => {
  it('keep the request rules: an hour’s notice, six months, bookings take nothing', () => {
    const request = input({ type: requestRules(hour), bookings: [booking(hour, '2026-11-23T12:00')] });
    expect(london(availableSlots(request, '2026-11-23', '2026-11-23'))).toEqual(halfHours('11:00', '16:00'));
    expect(availableSlots(request, '2027-05-20', '2027-05-20')).toHaveLength(15);
  });
});
