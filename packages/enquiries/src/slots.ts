/**
 * Consultation slots: Monday to Friday, 09:00–17:00 in Europe/London (GMT in winter, BST in summer), never on a
 * Scottish bank holiday, always in the future. A slot travels as London wall-clock time, 'YYYY-MM-DDTHH:mm'; it
 * becomes an instant only here, through @date-fns/tz, so the browser's own time zone never matters.
 */
import { TZDate } from '@date-fns/tz';

export const businessTimeZone = 'Europe/London';
export const openingMinute = 9 * 60;
export const closingMinute = 17 * 60;
/** Start times are offered on this grid (minutes). */
export const slotStepMinutes = 30;
/** The earliest a slot may start: this long from now. */
export const minimumNoticeMinutes = 60;
/** How far ahead a slot may be booked. */
export const bookingHorizonDays = 183;

/** The bank-holiday lookup (`scottishBankHoliday` from './holidays.ts'), injected so the rule stays small. */
export type HolidayLookup = (date: string) => string | null;

/** A bank holiday as a plain value: 'YYYY-MM-DD' and its name. */
export interface BankHoliday {
  date: string;
  name: string;
}

/**
 * A lookup over a plain list of bank holidays — what a browser is given (`scottishBankHolidaysAhead` in
 * './holidays.ts' makes the list at build time) instead of the holiday library and its data for every country.
 * Any day not in the list is no bank holiday: the list must cover the days asked about.
 */
export function holidayLookup(holidays: readonly BankHoliday[]): HolidayLookup {
  const byDate = new Map(holidays.map((h) => [h.date, h.name]));
  return (date) => byDate.get(date) ?? null;
}

export const slotMessages = {
  missing: 'Choose a preferred date and time',
  format: 'Choose a date and a time from the lists',
  past: 'Choose a date and time in the future',
  notice: 'Choose a time at least an hour from now',
  horizon: 'Choose a date within the next 6 months',
  weekend: 'We hold consultations Monday to Friday; choose a weekday',
  hours: 'Choose a time between 09:00 and 17:00 (UK time) that ends by 17:00',
  grid: 'Choose a start time on the hour or half past',
  holiday: (date: string, name: string) =>
    `${formatDay(date)} is a bank holiday in Scotland (${name}); choose another day`,
} as const;

export interface Slot {
  /** London wall-clock time, 'YYYY-MM-DDTHH:mm'. */
  local: string;
  /** The instant it starts and ends, ISO 8601 in UTC. */
  start: string;
  end: string;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The part of Temporal used here, where the environment has it (Chromium 144, Firefox 139; not Node 20). A browser's
 * first Intl date formatter, which @date-fns/tz uses, loads its locale's data on the main thread (15–28 ms here, in
 * the task that hydrates a booking form or a board); Temporal reads the same IANA zone rules without it. The two give
 * the same answers: a wall-clock time that does not exist (the hour skipped in March) or happens twice (the hour
 * repeated in October) is the later instant, as TZDate makes it.
 */
interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 1 Monday … 7 Sunday. */
  dayOfWeek: number;
  epochMilliseconds: number;
}
interface TemporalApi {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): ZonedDateTime } };
  PlainDateTime: new (
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
  ) => { toZonedDateTime(timeZone: string, options: { disambiguation: 'later' }): ZonedDateTime };
}

/** The environment's Temporal, if it has one (looked up at each call, so a test can supply or remove one). */
const temporal = () => (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The wall-clock parts of an instant in London. */
export function londonParts(instant: Date): { date: string; minute: number; weekday: number } {
  const t = temporal();
  const ms = instant.getTime();
  if (t && !Number.isNaN(ms)) {
    const z = t.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(businessTimeZone);
    return { date: isoDay(z.year, z.month, z.day), minute: z.hour * 60 + z.minute, weekday: z.dayOfWeek % 7 };
  }
  const d = new TZDate(ms, businessTimeZone);
  return {
    date: isoDay(d.getFullYear(), d.getMonth() + 1, d.getDate()),
    minute: d.getHours() * 60 + d.getMinutes(),
    weekday: d.getDay(),
  };
}

/** The instant of a London wall-clock time (minutes past 24:00 run into the next days, as with Date). */
export function londonInstant(date: string, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = temporal();
  // The wall-clock time with any overflow carried, as Date carries it.
  const wall = new Date(Date.UTC(y, m - 1, d, 0, minute));
  if (t && !Number.isNaN(wall.getTime()))
    return new Date(
      new t.PlainDateTime(
        wall.getUTCFullYear(),
        wall.getUTCMonth() + 1,
        wall.getUTCDate(),
        wall.getUTCHours(),
        wall.getUTCMinutes(),
      ).toZonedDateTime(businessTimeZone, { disambiguation: 'later' }).epochMilliseconds,
    );
  return new Date(new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, businessTimeZone).getTime());
}

function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function formatTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthNames = [
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

/** 'Friday 25 December 2026'. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return `${weekdayNames[t.getUTCDay()]} ${d} ${monthNames[m - 1]} ${y}`;
}

/** 'Tuesday 1 December 2026 at 10:00 (UK time)'. */
export function formatSlot(local: string): string {
  return `${formatDay(local.slice(0, 10))} at ${local.slice(11, 16)} (UK time)`;
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Checks a requested slot for a consultation of `durationMinutes`. */
export function checkSlot(
  raw: unknown,
  o: { now: Date; durationMinutes: number; isBankHoliday: HolidayLookup },
): { value: Slot } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { error: slotMessages.missing };
  const m = typeof raw === 'string' ? LOCAL.exec(raw.trim()) : null;
  if (!m) return { error: slotMessages.format };
  const [, ys, ms, ds, hs, mins] = m as unknown as [string, string, string, string, string, string];
  const date = `${ys}-${ms}-${ds}`;
  const [y, mo, d, h, mi] = [ys, ms, ds, hs, mins].map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (
    probe.getUTCFullYear() !== y ||
    probe.getUTCMonth() !== mo - 1 ||
    probe.getUTCDate() !== d ||
    h > 23 ||
    mi > 59
  )
    return { error: slotMessages.format };
  const minute = h * 60 + mi;
  const start = londonInstant(date, minute);
  const now = o.now.getTime();
  if (start.getTime() <= now) return { error: slotMessages.past };
  if (start.getTime() < now + minimumNoticeMinutes * 60_000) return { error: slotMessages.notice };
  if (start.getTime() > now + bookingHorizonDays * 86_400_000) return { error: slotMessages.horizon };
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return { error: slotMessages.weekend };
  const holiday = o.isBankHoliday(date);
  if (holiday) return { error: slotMessages.holiday(date, holiday) };
  if (minute < openingMinute || minute + o.durationMinutes > closingMinute)
    return { error: slotMessages.hours };
  if (minute % slotStepMinutes !== 0) return { error: slotMessages.grid };
  const end = new Date(start.getTime() + o.durationMinutes * 60_000);
  return {
    value: { local: `${date}T${formatTime(minute)}`, start: start.toISOString(), end: end.toISOString() },
  };
}

/** Start times (minutes after midnight) a consultation of this length can take on any business day. */
export function startMinutes(durationMinutes: number): number[] {
  const out: number[] = [];
  for (let m = openingMinute; m + durationMinutes <= closingMinute; m += slotStepMinutes) out.push(m);
  return out;
}

export interface BookableDay {
  date: string;
  label: string;
  /** 'HH:mm' start times still bookable that day. */
  times: string[];
}

/**
 * The next `count` business days with their bookable start times, for the form's date and time lists: exactly the
 * times `checkSlot` accepts. A day's instants are counted from its opening (two time-zone conversions a day, not one
 * per time): London's clocks change in the small hours of a Sunday, never in business hours — and a day where they
 * did would be checked time by time.
 */
export function bookableDays(o: {
  now: Date;
  durationMinutes: number;
  isBankHoliday: HolidayLookup;
  count?: number;
}): BookableDay[] {
  const out: BookableDay[] = [];
  const now = o.now.getTime();
  const earliest = now + minimumNoticeMinutes * 60_000;
  const latest = now + bookingHorizonDays * 86_400_000;
  const minutes = startMinutes(o.durationMinutes);
  let date = londonParts(o.now).date;
  for (let i = 0; i <= bookingHorizonDays && out.length < (o.count ?? 30); i++, date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6 || o.isBankHoliday(date)) continue;
    const open = londonInstant(date, openingMinute).getTime();
    if (open > latest) break;
    const steady =
      londonInstant(date, closingMinute).getTime() - open === (closingMinute - openingMinute) * 60_000;
    const times = minutes
      .filter((minute) => {
        if (!steady) return 'value' in checkSlot(`${date}T${formatTime(minute)}`, o);
        const start = open + (minute - openingMinute) * 60_000;
        return start >= earliest && start <= latest;
      })
      .map(formatTime);
    if (times.length) out.push({ date, label: formatDay(date), times });
  }
  return out;
}
