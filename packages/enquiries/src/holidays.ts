/**
 * Scottish bank holidays from date-holidays (GB, subdivision SCT: 2 January, St Andrew's Day, the first Monday
 * of August, substitute days and one-off holidays such as a coronation): the one source of the rule. The server
 * functions use it as it is; the library carries every country's data, so a browser is given only the list
 * `scottishBankHolidaysAhead` makes at build time (looked up with `holidayLookup` from './slots.ts').
 */
import Holidays from 'date-holidays';
import { londonParts, type BankHoliday } from './slots.ts';

const calendar = new Holidays('GB', 'SCT', { types: ['public', 'bank'] });
const byYear = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  let map = byYear.get(year);
  if (!map) {
    map = new Map();
    for (const h of calendar.getHolidays(year) || []) {
      const day = h.date.slice(0, 10);
      if (!map.has(day)) map.set(day, h.name);
    }
    byYear.set(year, map);
  }
  return map;
}

/** The holiday's name when `date` (YYYY-MM-DD) is a bank holiday in Scotland, else null. */
export function scottishBankHoliday(date: string): string | null {
  const year = Number(date.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || year < 1970 || year > 2200) return null;
  return holidaysOf(year).get(date) ?? null;
}

/** Every Scottish bank holiday of a year, in date order. */
export function scottishBankHolidays(year: number): BankHoliday[] {
  return [...holidaysOf(year)]
    .map(([date, name]) => ({ date, name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** How many years the list a browser is given covers: this year in London and the next two. */
export const bankHolidayYearsAhead = 3;

/**
 * Every Scottish bank holiday of this year in London and the next two, in date order: the plain list a browser is
 * given (made when the site is built), which covers the booking horizon (6 months) for at least 18 months after.
 */
export function scottishBankHolidaysAhead(now: Date = new Date()): BankHoliday[] {
  const year = Number(londonParts(now).date.slice(0, 4));
  return Array.from({ length: bankHolidayYearsAhead }, (_, i) => scottishBankHolidays(year + i)).flat();
}
