// London's wall clock through Temporal (what a browser with Temporal uses) against @date-fns/tz over Intl (what Node
// 20 and older browsers use): the same days, times, weekdays and instants, the two daylight-saving changes included.
// Node 20 has no Temporal, so the polyfill stands in for the browser's.
import { Temporal } from 'temporal-polyfill';
import { afterEach, describe, expect, it } from 'vitest';
import {
  availableSlots,
  defaultBookingRules,
  defaultWorkingHours,
  londonInstant,
  londonParts,
} from '../src/index.ts';
import { scottishBankHoliday } from '../src/holidays.ts';

const global = globalThis as { Temporal?: unknown };
let calls = 0;

/** Runs `f` with Temporal present, counting the instants it converts (so a test knows Temporal was used). */
function withTemporal<T>(f: () => T): T {
  global.Temporal = {
    ...Temporal,
    Instant: {
      fromEpochMilliseconds: (ms: number) => {
        calls++;
        return Temporal.Instant.fromEpochMilliseconds(ms);
      },
    },
    PlainDateTime: class extends Temporal.PlainDateTime {
      constructor(...args: ConstructorParameters<typeof Temporal.PlainDateTime>) {
        calls++;
        super(...args);
      }
    },
  };
  try {
    return f();
  } finally {
    delete global.Temporal;
  }
}

afterEach(() => {
  calls = 0;
});

const minute = 60_000;
/** Every `step` minutes from `from` for `hours` hours. */
const instants = (from: string, hours: number, step = 15) =>
  Array.from({ length: (hours * 60) / step }, (_, i) => new Date(Date.parse(from) + i * step * minute));

describe('londonParts through Temporal', () => {
  it('gives the day, minute and weekday that @date-fns/tz gives, across both changes of the clocks', () => {
    const at = [
      // The clocks go forward at 01:00 GMT on 29 March 2026 and back at 01:00 GMT on 25 October 2026.
      ...instants('2026-03-28T20:00:00Z', 10),
      ...instants('2026-10-24T20:00:00Z', 10),
      // Every six hours of three years, and the last moments of a year.
      ...instants('2025-01-01T00:00:00Z', 3 * 365 * 24, 360),
      new Date('2026-12-31T23:59:00Z'),
    ];
    const intl = at.map(londonParts);
    expect(withTemporal(() => at.map(londonParts))).toEqual(intl);
    expect(calls).toBe(at.length);
    // The changes are there: 00:59 and 02:00 in March are a minute apart, and 01:30 happens twice in October.
    expect(londonParts(new Date('2026-03-29T01:00:00Z')).minute).toBe(120);
    expect(londonParts(new Date('2026-10-25T00:30:00Z')).minute).toBe(90);
    expect(londonParts(new Date('2026-10-25T01:30:00Z')).minute).toBe(90);
  });

  it('keeps an invalid date to the Intl path (no exception from Temporal)', () => {
    const intl = londonParts(new Date(Number.NaN));
    expect(withTemporal(() => londonParts(new Date(Number.NaN)))).toEqual(intl);
    expect(calls).toBe(0);
  });
});

describe('londonInstant through Temporal', () => {
  it('gives the instants @date-fns/tz gives, for the missing hour in March and the repeated one in October', () => {
    const days = [
      '2026-03-29',
      '2026-10-25',
      '2026-03-28',
      '2026-06-01',
      '2026-12-31',
      '2027-03-28',
      '2027-10-31',
    ];
    // Every quarter hour of each day, and past midnight into the next day, as Date carries minutes over.
    const cases = days.flatMap((day) => Array.from({ length: 112 }, (_, i) => [day, i * 15] as const));
    const intl = cases.map(([day, m]) => londonInstant(day, m).toISOString());
    expect(withTemporal(() => cases.map(([day, m]) => londonInstant(day, m).toISOString()))).toEqual(intl);
    expect(calls).toBe(cases.length);
    // 01:30 on 29 March 2026 does not exist: it is 02:30 BST; 01:30 on 25 October happens twice: the later, GMT.
    expect(withTemporal(() => londonInstant('2026-03-29', 90).toISOString())).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(withTemporal(() => londonInstant('2026-10-25', 90).toISOString())).toBe(
      '2026-10-25T01:30:00.000Z',
    );
  });

  it('gives an invalid date for an invalid day, as without Temporal', () => {
    expect(withTemporal(() => londonInstant('not-a-day', 600).getTime())).toBeNaN();
    expect(londonInstant('not-a-day', 600).getTime()).toBeNaN();
  });
});

describe('a month of free slots', () => {
  it('is the same with Temporal and without, over the change of the clocks', () => {
    const input = {
      type: { id: 'review', durationMinutes: 60, ...defaultBookingRules },
      workingHours: defaultWorkingHours,
      bookings: [],
      daysOff: [],
      isBankHoliday: scottishBankHoliday,
      now: new Date('2026-10-12T08:00:00Z'),
    };
    const intl = availableSlots(input, '2026-10-12', '2026-11-06');
    expect(intl.length).toBeGreaterThan(100);
    expect(withTemporal(() => availableSlots(input, '2026-10-12', '2026-11-06'))).toEqual(intl);
    expect(calls).toBeGreaterThan(0);
  });
});
