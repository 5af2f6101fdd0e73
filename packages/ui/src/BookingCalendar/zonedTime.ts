// Calendar days and clock times of an instant in a named time zone (Intl only), and day arithmetic on plain
// 'YYYY-MM-DD' dates (UTC noon, so no daylight-saving change moves a day).

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') an instant falls on in `timeZone`. */
export function dayIn(iso: string, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The 24-hour clock time ('HH:mm') of an instant in `timeZone`. */
export function timeIn(iso: string, timeZone: string): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** Whether two zones show the same clock time at this instant. */
export const sameClock = (iso: string, a: string, b: string) => a === b || timeIn(iso, a) === timeIn(iso, b);

const asDate = (day: string) => new Date(`${day}T12:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number) => {
  const d = asDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return asDay(d);
};

/** The month ('YYYY-MM') moved by `n` months. */
export const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return asDay(d).slice(0, 7);
};

/** The day's place in its week, Monday 0 to Sunday 6. */
export const weekdayIndex = (day: string) => (asDate(day).getUTCDay() + 6) % 7;

/** The month's days in weeks from Monday; days of the months around it are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = weekdayIndex(first);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'Tuesday 24 November 2026'. */
export const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(asDate(day))
    .replace(',', '');

/** 'November 2026'. */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
