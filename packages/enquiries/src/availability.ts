/**
 * Instant booking's availability: which consultation times are free, from the working hours and rules the
 * administrators set, the bookings already made (with their buffers), the bank holidays and team days off, and
 * `now`. Hours are London wall-clock time; every slot is returned as UTC instants, so a visitor anywhere sees the
 * same moments (the page shows them in UK time and in the visitor's own). Days are walked instant by instant
 * through @date-fns/tz, so the hour that does not exist in March is never offered and the hour that happens twice
 * in October is offered twice.
 */
import {
  addDays,
  bookingHorizonDays,
  formatDay,
  londonInstant,
  londonParts,
  minimumNoticeMinutes,
  slotMessages,
  slotStepMinutes,
  weekdayOf,
  type HolidayLookup,
} from './slots.ts';

export const bookingModes = ['instant', 'request'] as const;
/** 'instant': the visitor books a free time and it is confirmed; 'request': they ask for a time (as before). */
export type BookingMode = (typeof bookingModes)[number];

/** One stretch of working time on a weekday (0 Sunday … 6 Saturday), minutes after midnight, London time. */
export interface WorkingPeriod {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** Monday to Friday, 09:00–17:00. */
export const defaultWorkingHours: readonly WorkingPeriod[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
}));

/** A consultation type's booking rules (columns of `consultation_services`). */
export interface BookingRules {
  id: string;
  bookingMode: BookingMode;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** The earliest a booking may start: this long after now. */
  minimumNoticeMinutes: number;
  /** How far ahead a booking may start, in days. */
  horizonDays: number;
  /** At most this many bookings of the type on one day; null for no cap. */
  dailyCap: number | null;
}

export const defaultBookingRules = {
  bookingMode: 'instant',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 24 * 60,
  horizonDays: 60,
  dailyCap: null,
} as const satisfies Omit<BookingRules, 'id' | 'durationMinutes'>;

/** A booking may be changed or cancelled until this long before it starts. */
export const defaultManageCutoffMinutes = 24 * 60;

/**
 * A request-only type is checked as requests always were (`checkSlot`): Mon–Fri business hours, an hour's notice,
 * six months ahead, no buffers, no cap, and bookings do not take its times.
 */
export function requestRules(type: Pick<BookingRules, 'id' | 'durationMinutes'>): BookingRules {
  return {
    id: type.id,
    bookingMode: 'request',
    durationMinutes: type.durationMinutes,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes,
    horizonDays: bookingHorizonDays,
    dailyCap: null,
  };
}

/** A booking already made: the meeting and the time it holds with its type's buffers (what the database keeps apart). */
export interface HeldBooking {
  typeId: string | null;
  /** Its reference ('PC-…'), when known: administrators are told which booking a time clashes with. */
  reference?: string;
  start: string;
  end: string;
  heldStart: string;
  heldEnd: string;
}

/** A day the team does not take bookings. */
export interface DayOff {
  date: string;
  reason: string;
}

/** A free time, ISO 8601 in UTC. */
export interface OpenSlot {
  start: string;
  end: string;
}

export interface AvailabilityInput {
  type: BookingRules;
  workingHours: readonly WorkingPeriod[];
  bookings: readonly HeldBooking[];
  daysOff: readonly DayOff[];
  isBankHoliday: HolidayLookup;
  now: Date;
  /** Start times fall on this grid from the start of a working period (minutes). */
  stepMinutes?: number;
}

const MINUTE = 60_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether 'YYYY-MM-DD' is a real calendar day. */
export function isCalendarDay(date: string): boolean {
  const m = DAY_RE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The time a booking of `type` starting at `start` holds: the meeting with the buffers before and after. */
export function heldRange(type: BookingRules, start: Date): HeldBooking {
  const end = new Date(start.getTime() + type.durationMinutes * MINUTE);
  return {
    typeId: type.id,
    start: start.toISOString(),
    end: end.toISOString(),
    heldStart: new Date(start.getTime() - type.bufferBeforeMinutes * MINUTE).toISOString(),
    heldEnd: new Date(end.getTime() + type.bufferAfterMinutes * MINUTE).toISOString(),
  };
}

function overlaps(a: HeldBooking, b: HeldBooking): boolean {
  return Date.parse(a.heldStart) < Date.parse(b.heldEnd) && Date.parse(b.heldStart) < Date.parse(a.heldEnd);
}

/** Why a whole day is closed, or null when it is open. */
function closedBecause(date: string, input: AvailabilityInput): string | null {
  const holiday = input.isBankHoliday(date);
  if (holiday) return slotMessages.holiday(date, holiday);
  const off = input.daysOff.find((d) => d.date === date);
  if (off) return `We are closed on ${formatDay(date)} (${off.reason}); choose another day`;
  return null;
}

/** Every start on `date` inside working hours with notice, horizon and the rest of the rules applied as asked. */
function slotsOn(
  date: string,
  input: AvailabilityInput,
  o: { bookings: boolean; window: boolean },
): OpenSlot[] {
  const { type } = input;
  // A request holds no time: bookings never take a request-only type's times.
  if (type.bookingMode === 'request') o = { ...o, bookings: false };
  const periods = input.workingHours.filter((p) => p.weekday === weekdayOf(date));
  if (!periods.length || closedBecause(date, input)) return [];
  if (o.bookings && type.dailyCap !== null) {
    const that = input.bookings.filter(
      (b) => b.typeId === type.id && londonParts(new Date(b.start)).date === date,
    );
    if (that.length >= type.dailyCap) return [];
  }
  const step = input.stepMinutes ?? slotStepMinutes;
  const now = input.now.getTime();
  const earliest = now + type.minimumNoticeMinutes * MINUTE;
  const latest = now + type.horizonDays * 1440 * MINUTE;
  const nextDay = addDays(date, 1);
  const out: OpenSlot[] = [];
  // Midnight always exists in London (the clocks change at 01:00), so walk the day's real instants, a quarter of
  // an hour at a time (working hours are set on that grid).
  for (let t = londonInstant(date, 0).getTime(); t < londonInstant(nextDay, 0).getTime(); t += 15 * MINUTE) {
    const start = new Date(t);
    const at = londonParts(start);
    if (at.date !== date) continue;
    const held = heldRange(type, start);
    const endAt = londonParts(new Date(held.end));
    const endMinute =
      endAt.date === date ? endAt.minute : endAt.date === nextDay ? 1440 + endAt.minute : Infinity;
    const inHours = periods.some(
      (p) =>
        at.minute >= p.startMinute && endMinute <= p.endMinute && (at.minute - p.startMinute) % step === 0,
    );
    if (!inHours) continue;
    if (o.window && (t < earliest || t > latest)) continue;
    if (o.bookings && input.bookings.some((b) => overlaps(held, b))) continue;
    out.push({ start: held.start, end: held.end });
  }
  return out;
}

/** The free times between two London days (inclusive), earliest first. */
export function availableSlots(input: AvailabilityInput, from: string, to: string): OpenSlot[] {
  const today = londonParts(input.now).date;
  const last = londonParts(new Date(input.now.getTime() + input.type.horizonDays * 1440 * MINUTE)).date;
  const out: OpenSlot[] = [];
  for (let date = from < today ? today : from; date <= to && date <= last; date = addDays(date, 1))
    out.push(...slotsOn(date, input, { bookings: true, window: true }));
  return out;
}

const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant a requested start names: London wall-clock time 'YYYY-MM-DDTHH:mm' (what the form's lists send) or
 * an ISO 8601 instant with its offset (a slot's `start`). Null for anything else, or a London time that does not
 * exist (the hour skipped in March).
 */
export function parseSlotStart(raw: unknown): Date | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  const local = LOCAL_RE.exec(s);
  if (local) {
    const [, date, h, m] = local as unknown as [string, string, string, string];
    const minute = Number(h) * 60 + Number(m);
    if (!isCalendarDay(date) || Number(h) > 23 || Number(m) > 59) return null;
    const start = londonInstant(date, minute);
    const back = londonParts(start);
    return back.date === date && back.minute === minute ? start : null;
  }
  if (!ISO_RE.exec(s) || !isCalendarDay(s.slice(0, 10))) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : null;
}

/** How long, in words: '24 hours', '90 minutes', '2 days'. */
export function formatDuration(minutes: number): string {
  if (minutes % 1440 === 0 && minutes >= 2880) return `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

export const bookingMessages = {
  notice: (minutes: number) => `Choose a time at least ${formatDuration(minutes)} from now`,
  horizon: (days: number) => `Choose a date within the next ${days} days`,
  notOffered: 'Choose one of the free times offered for this consultation',
  taken: 'This time was just taken. Here are the nearest free times.',
  /** An administrator's move onto a held time: the booking it clashes with, by reference and start. */
  clash: (reference: string, when: string, meetingsOverlap: boolean) =>
    meetingsOverlap
      ? `This time overlaps booking ${reference} on ${when}; choose another time.`
      : `This time is too close to booking ${reference} on ${when} (the buffer between meetings); choose another time.`,
  dayFull: (cap: number) =>
    `That day already has ${cap} ${cap === 1 ? 'booking' : 'bookings'} of this consultation, its daily limit; choose another day.`,
} as const;

/**
 * Whether `start` is a time `availableSlots` offers now: the slot, or `taken` when it would be offered but a
 * booking (or the day's cap) has it, or the reason it is never offered.
 */
export function checkBookingStart(
  start: Date,
  input: AvailabilityInput,
): { slot: OpenSlot } | { taken: true } | { error: string } {
  const t = start.getTime();
  const date = londonParts(start).date;
  const match = (slots: OpenSlot[]) => slots.find((s) => Date.parse(s.start) === t);
  const slot = match(slotsOn(date, input, { bookings: true, window: true }));
  if (slot) return { slot };
  if (match(slotsOn(date, input, { bookings: false, window: true }))) return { taken: true };
  const now = input.now.getTime();
  if (t <= now) return { error: slotMessages.past };
  if (t < now + input.type.minimumNoticeMinutes * MINUTE)
    return { error: bookingMessages.notice(input.type.minimumNoticeMinutes) };
  if (t > now + input.type.horizonDays * 1440 * MINUTE)
    return { error: bookingMessages.horizon(input.type.horizonDays) };
  const closed = closedBecause(date, input);
  return { error: closed ?? bookingMessages.notOffered };
}

/**
 * What holds `start` when it would be offered but is taken: the earliest booking whose held time overlaps the time
 * a booking of this type would hold (`meetingsOverlap`: the meetings themselves overlap, not only a buffer), or
 * the day's cap. Null when nothing does.
 */
export function clashOf(
  start: Date,
  input: AvailabilityInput,
): { booking: HeldBooking; meetingsOverlap: boolean } | { cap: number } | null {
  const held = heldRange(input.type, start);
  const booking = input.bookings
    .filter((b) => overlaps(held, b))
    .sort((a, b) => Date.parse(a.heldStart) - Date.parse(b.heldStart))[0];
  if (booking)
    return {
      booking,
      meetingsOverlap:
        Date.parse(held.start) < Date.parse(booking.end) && Date.parse(booking.start) < Date.parse(held.end),
    };
  const cap = input.type.dailyCap;
  const date = londonParts(start).date;
  const sameDay = input.bookings.filter(
    (b) => b.typeId === input.type.id && londonParts(new Date(b.start)).date === date,
  );
  return cap !== null && sameDay.length >= cap ? { cap } : null;
}

/** Up to `count` free times nearest to `start` (within two weeks either side), earliest first. */
export function nearestSlots(start: Date, input: AvailabilityInput, count = 3): OpenSlot[] {
  const date = londonParts(start).date;
  const t = start.getTime();
  return availableSlots(input, addDays(date, -14), addDays(date, 14))
    .map((s) => ({ s, d: Math.abs(Date.parse(s.start) - t) }))
    .sort((a, b) => a.d - b.d || Date.parse(a.s.start) - Date.parse(b.s.start))
    .slice(0, count)
    .map(({ s }) => s)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Until when a booking starting at `start` may still be changed or cancelled. */
export function manageCutoff(start: Date | string, cutoffMinutes = defaultManageCutoffMinutes): Date {
  return new Date(new Date(start).getTime() - cutoffMinutes * MINUTE);
}
