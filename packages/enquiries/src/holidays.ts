/**
 * Scottish bank holidays from date-holidays (GB, subdivision SCT: 2 January, St Andrew's Day, the first Monday
 * of August, substitute days and one-off holidays such as a coronation). Kept apart from the other rules so a
 * browser loads its data only where a slot is picked.
 */
import Holidays from 'date-holidays';

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
export function scottishBankHolidays(year: number): { date: string; name: string }[] {
  return [...holidaysOf(year)]
    .map(([date, name]) => ({ date, name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
