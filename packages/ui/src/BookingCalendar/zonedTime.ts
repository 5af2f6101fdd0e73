// Calendar days and clock times of an instant in a named time zone, and day arithmetic on plain 'YYYY-MM-DD' dates
// (UTC noon, so no daylight-saving change moves a day).
//
// A browser's first Intl date formatter loads its locale's data on the main thread: 15–28 ms on this machine before it
// formats anything, four times that on a mid-range phone, in the task that hydrates the page. Temporal's zone arithmetic
// needs no locale data (0.3 ms), so where the browser has Temporal (Chromium 144, Firefox 139) it is used; elsewhere,
// and on the server (Node 20), Intl is. Both read the same IANA zone rules and give the same text. The names of days
// and months are written out, in English, for the same reason.

/** The part of Temporal used here. */
interface ZonedDateTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}
interface TemporalApi {
  Instant: {
    fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): ZonedDateTimeFields };
  };
  Now: { timeZoneId(): string };
}

/** The environment's Temporal, if it has one (looked up at each call, so a test can supply or remove one). */
const temporal = () => (globalThis as { Temporal?: TemporalApi }).Temporal;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant's wall-clock fields in `timeZone` through Temporal; a zone unknown to it throws a RangeError, as Intl. */
const zoned = (t: TemporalApi, iso: string, timeZone: string) =>
  t.Instant.fromEpochMilliseconds(Date.parse(iso)).toZonedDateTimeISO(timeZone);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') an instant falls on in `timeZone`. */
export function dayIn(iso: string, timeZone: string): string {
  const t = temporal();
  if (t) {
    const z = zoned(t, iso, timeZone);
    return `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)}`;
  }
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The 24-hour clock time ('HH:mm') of an instant in `timeZone`. */
export function timeIn(iso: string, timeZone: string): string {
  const t = temporal();
  if (t) {
    const z = zoned(t, iso, timeZone);
    return `${pad(z.hour)}:${pad(z.minute)}`;
  }
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The zone this browser's clock is set to (IANA name, e.g. 'Europe/London'). */
export function localTimeZone(): string {
  return temporal()?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
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

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Tuesday 24 November 2026' (a plain day, as Intl's en-GB long date without its comma). */
export const longDay = (day: string) => {
  const d = asDate(day);
  return `${weekdays[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** 'November 2026'. */
export const monthName = (month: string) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  return `${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
