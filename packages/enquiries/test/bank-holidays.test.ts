import { describe, expect, it } from 'vitest';
import { bookingHorizonDays, holidayLookup, londonParts } from '../src/index.ts';
import { scottishBankHoliday, scottishBankHolidaysAhead } from '../src/holidays.ts';

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('the bank holidays a browser is given (a plain list instead of the library)', () => {
  // Monday 23 November 2026, 10:00 in London.
  const now = new Date('2026-11-23T10:00:00Z');
  const shipped = scottishBankHolidaysAhead(now);

  it('answer as date-holidays does, day for day, this year in London and the next two', () => {
    const lookup = holidayLookup(shipped);
    for (let t = Date.UTC(2026, 0, 1); t <= Date.UTC(2028, 11, 31); t += dayMs) {
      const day = isoDay(t);
      expect(lookup(day), day).toBe(scottishBankHoliday(day));
    }
    expect(shipped.map((h) => h.date)).toContain('2028-11-30'); // St Andrew's Day two years on
    expect(shipped.every((h) => /^202[678]-/.test(h.date))).toBe(true);
  });

  it('are plain data, the same after a JSON round trip (how a build hands them over)', () => {
    expect(JSON.parse(JSON.stringify(shipped))).toEqual(shipped);
    expect(shipped.length).toBeGreaterThan(20);
    expect(shipped.length).toBeLessThan(40);
  });

  it('cover the whole booking horizon, even when asked on the last evening of a year', () => {
    for (const at of [now, new Date('2026-12-31T23:59:00Z'), new Date('2027-06-30T22:30:00Z')]) {
      const list = scottishBankHolidaysAhead(at);
      expect(list.at(-1)!.date >= isoDay(at.getTime() + bookingHorizonDays * dayMs), at.toISOString()).toBe(
        true,
      );
      expect(list[0]!.date.slice(0, 4)).toBe(londonParts(at).date.slice(0, 4));
    }
  });

  it('answers null for any other day and for what is not a date', () => {
    const lookup = holidayLookup(shipped);
    expect(lookup('2026-11-24')).toBeNull();
    expect(lookup('not a date')).toBeNull();
    expect(lookup('2026-12-28')).toMatch(/substitute/);
  });
});
