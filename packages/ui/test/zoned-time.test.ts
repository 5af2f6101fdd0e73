// The booking calendar's days and times in a zone through Temporal (what a browser with Temporal uses) against Intl
// (the server, Node 20, and older browsers), and its written-out day and month names against Intl's. Node 20 has no
// Temporal, so the polyfill stands in for the browser's.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { dayIn, localTimeZone, longDay, monthName, timeIn } from '../src/BookingCalendar/zonedTime.ts';

const global = globalThis as { Temporal?: unknown };
let calls = 0;

/** Runs `f` with Temporal present, counting what it converts (so a test knows Temporal was used). */
function withTemporal<T>(f: () => T): T {
  calls = 0;
  global.Temporal = {
    ...Temporal,
    Instant: {
      fromEpochMilliseconds: (ms: number) => {
        calls++;
        return Temporal.Instant.fromEpochMilliseconds(ms);
      },
    },
    Now: {
      timeZoneId: () => {
        calls++;
        return Temporal.Now.timeZoneId();
      },
    },
  };
  try {
    return f();
  } finally {
    delete global.Temporal;
  }
}

const minute = 60_000;
// Every quarter hour around both changes of the clocks in 2026 (London 29 March and 25 October, New York 8 March
// and 1 November), and every five hours of two years.
const instants = [
  ...['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-03-08T00:00:00Z', '2026-11-01T00:00:00Z'].flatMap(
    (from) =>
      Array.from({ length: 60 }, (_, i) => new Date(Date.parse(from) + i * 15 * minute).toISOString()),
  ),
  ...Array.from({ length: 3504 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 300 * minute).toISOString()),
];
const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

describe('dayIn and timeIn through Temporal', () => {
  it.each(zones)('give the days and clock times Intl gives in %s', (zone) => {
    const intl = instants.map((iso) => `${dayIn(iso, zone)} ${timeIn(iso, zone)}`);
    expect(withTemporal(() => instants.map((iso) => `${dayIn(iso, zone)} ${timeIn(iso, zone)}`))).toEqual(
      intl,
    );
    expect(calls).toBe(instants.length * 2);
  });

  it('see the clocks change in London', () => {
    expect(withTemporal(() => timeIn('2026-03-29T01:00:00Z', 'Europe/London'))).toBe('02:00');
    expect(withTemporal(() => timeIn('2026-10-25T01:00:00Z', 'Europe/London'))).toBe('01:00');
    expect(withTemporal(() => dayIn('2026-06-30T23:30:00Z', 'Europe/London'))).toBe('2026-07-01');
  });

  it('refuse a zone that does not exist, as Intl does', () => {
    expect(() => dayIn('2026-06-30T23:30:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => withTemporal(() => dayIn('2026-06-30T23:30:00Z', 'Mars/Olympus'))).toThrow(RangeError);
  });
});

describe('localTimeZone', () => {
  it('is the zone Intl reports, through Temporal where there is one', () => {
    const intl = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(localTimeZone()).toBe(intl);
    expect(withTemporal(localTimeZone)).toBe(intl);
    expect(calls).toBe(1);
  });
});

describe('day and month names', () => {
  it('are the text of Intl en-GB for every day of two years', () => {
    const long = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const month = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
    for (let i = 0; i < 731; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString().slice(0, 10);
      const at = new Date(`${day}T12:00:00Z`);
      expect(longDay(day)).toBe(long.format(at).replace(',', ''));
      expect(monthName(day.slice(0, 7))).toBe(month.format(at));
    }
  });
});
