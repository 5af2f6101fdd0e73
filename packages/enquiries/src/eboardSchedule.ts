// When an approved E-Board entry is on the board: on its display dates (UK days, either end may be open) and, if it
// has a schedule, only inside one of its time-of-day windows on the window's weekdays. Times are London wall-clock
// times, so a 07:00–10:00 window opens at 07:00 in winter (GMT) and in summer (BST) alike; on the day the clocks go
// forward a window inside the missing hour (01:00–02:00) does not happen, on the day they go back the repeated hour
// is shown twice. A window ends before midnight or at midnight (24:00, or 00:00 as an end); one that runs past midnight
// is written as two.
import { londonInstant, londonParts } from './slots.ts';

export const eboardWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type EboardWeekday = (typeof eboardWeekdays)[number];
export const eboardWeekdayLabels: Record<EboardWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A time-of-day window: on these weekdays, from `from` (inclusive) to `to` (exclusive), `HH:MM`; `to` 24:00 is midnight. */
export interface EboardWindow {
  days: EboardWeekday[];
  from: string;
  to: string;
}
/** No schedule (null or empty): all day on every display date. */
export type EboardSchedule = EboardWindow[];

export const eboardScheduleLimits = {
  windows: 10,
  /** Seconds an entry stays on screen in the rotation, when it says. */
  minSeconds: 5,
  maxSeconds: 120,
  defaultSeconds: 12,
} as const;

/** The schedule fields of an entry, as the board view and the dashboard carry them. */
export interface ScheduledEntry {
  displayFrom?: string | null;
  displayUntil?: string | null;
  schedule?: readonly EboardWindow[] | null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** An end of 24:00 or 00:00 is midnight at the end of the day. */
const toMinute = (time: string) => (time === '24:00' || time === '00:00' ? 1440 : minuteOf(time));
const weekdayOf = (sundayFirst: number): EboardWeekday => eboardWeekdays[(sundayFirst + 6) % 7]!;

/** Checks a schedule as it comes from a form or a request; one clear message for the first problem found. */
export function checkSchedule(raw: unknown): { value: EboardSchedule } | { error: string } {
  if (raw === null || raw === undefined) return { value: [] };
  if (!Array.isArray(raw)) return { error: 'The schedule must be a list of time windows' };
  if (raw.length > eboardScheduleLimits.windows)
    return { error: `An entry can have at most ${eboardScheduleLimits.windows} time windows` };
  const out: EboardWindow[] = [];
  for (const [i, w] of raw.entries()) {
    const n = raw.length > 1 ? `Window ${i + 1}: ` : '';
    if (typeof w !== 'object' || w === null || Array.isArray(w))
      return { error: `${n}each window needs its days, a start and an end` };
    const { days, from, to } = w as Record<string, unknown>;
    if (!Array.isArray(days) || days.length === 0) return { error: `${n}choose at least one day` };
    const unknown = days.find((d) => !(eboardWeekdays as readonly unknown[]).includes(d));
    if (unknown !== undefined)
      return { error: `${n}"${String(unknown)}" is not a weekday (use mon, tue, wed, thu, fri, sat, sun)` };
    if (typeof from !== 'string' || !TIME.test(from))
      return { error: `${n}the start must be a time like 07:00` };
    if (typeof to !== 'string' || !(TIME.test(to) || to === '24:00'))
      return { error: `${n}the end must be a time like 10:00 (24:00 for midnight)` };
    if (toMinute(to) <= minuteOf(from))
      return {
        error: `${n}the end must be after the start (for a window past midnight, add a second window)`,
      };
    const set = new Set(days as EboardWeekday[]);
    out.push({ days: eboardWeekdays.filter((d) => set.has(d)), from, to: to === '00:00' ? '24:00' : to });
  }
  return { value: out };
}

/** Checks an entry's seconds in the rotation: empty for the board's default, else a whole number in range. */
export function checkDisplaySeconds(raw: unknown): { value: number | null } | { error: string } {
  if (raw === null || raw === undefined || raw === '') return { value: null };
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  const { minSeconds: lo, maxSeconds: hi } = eboardScheduleLimits;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < lo || n > hi)
    return { error: `The display time must be a whole number of seconds from ${lo} to ${hi}` };
  return { value: n };
}

/** Whether the entry is on the board at this instant (it is approved: the caller passes approved entries only). */
export function isShowing(entry: ScheduledEntry, at: Date): boolean {
  const { date, minute, weekday } = londonParts(at);
  if (entry.displayFrom && date < entry.displayFrom) return false;
  if (entry.displayUntil && date > entry.displayUntil) return false;
  if (!entry.schedule?.length) return true;
  const day = weekdayOf(weekday);
  return entry.schedule.some(
    (w) => w.days.includes(day) && minute >= minuteOf(w.from) && minute < toMinute(w.to),
  );
}

/** The entries on the board at this instant, in the order given (the board's order). */
export function boardAt<T extends ScheduledEntry>(entries: readonly T[], at: Date): T[] {
  return entries.filter((e) => isShowing(e, at));
}

function addDay(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whether this London wall-clock minute happens on that day (not in the hour the clocks skip). */
function happens(date: string, minute: number): boolean {
  const back = londonParts(londonInstant(date, minute));
  return back.date === date && back.minute === minute;
}

function windowHappens(w: EboardWindow, date: string): boolean {
  const from = minuteOf(w.from);
  const to = toMinute(w.to);
  // The clocks skip at most an hour; a longer window always has a moment that happens.
  if (to - from > 60) return true;
  for (let m = from; m < to; m++) if (happens(date, m)) return true;
  return false;
}

/**
 * Whether the schedule ever opens on the entry's display dates: some window's weekday falls on one of the days and
 * its time happens that day. Open-ended dates always meet a valid schedule.
 */
export function scheduleMeetsDates(entry: ScheduledEntry): boolean {
  if (!entry.schedule?.length) return true;
  const first = entry.displayFrom ?? entry.displayUntil;
  if (!first) return true;
  // Two weeks of days hold every weekday twice, so at most one of them can be a day the clocks skip an hour.
  const last = entry.displayFrom && entry.displayUntil ? entry.displayUntil : addDay(first, 13);
  for (let date = first, i = 0; date <= last && i < 14; date = addDay(date, 1), i++) {
    const day = weekdayOf(new Date(`${date}T12:00:00Z`).getUTCDay());
    if (entry.schedule.some((w) => w.days.includes(day) && windowHappens(w, date))) return true;
  }
  return false;
}

/** The message for a schedule that never meets its dates, shared by the dashboard and the server. */
export const scheduleNeverShows =
  'This schedule never opens on the display dates — choose days or times that fall within them';

/** A short reading of a schedule for lists: "Mon–Fri 07:00–10:00; Sat 09:00–12:00" or "All day". */
export function describeSchedule(schedule: readonly EboardWindow[] | null | undefined): string {
  if (!schedule?.length) return 'All day';
  const short = (d: EboardWeekday) => eboardWeekdayLabels[d].slice(0, 3);
  return schedule
    .map((w) => {
      const idx = w.days.map((d) => eboardWeekdays.indexOf(d));
      const run = idx.length > 2 && idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
      const days =
        idx.length === 7
          ? 'Every day'
          : run
            ? `${short(w.days[0]!)}–${short(w.days.at(-1)!)}`
            : w.days.map(short).join(', ');
      return `${days} ${w.from}–${w.to}`;
    })
    .join('; ');
}
