// The consultation calendar's settings as the administrators edit them: weekly working hours, how each
// consultation type is booked, and the team's days off. Each check answers the row to store or the errors per
// field; the database checks again.

/** Monday 1 … Sunday 7. */
export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

import type { BookingMode } from './availability.ts';

/** One day's working hours as typed ('HH:mm'); a closed day has none. */
export interface WorkingDayDraft {
  weekday: number;
  open: boolean;
  opens: string;
  closes: string;
}

export interface WorkingHours {
  weekday: number;
  opens: string;
  closes: string;
}

const clock = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Checks a week of working hours: each open day opens before it closes, on the quarter hour. */
export function checkWorkingWeek(
  days: readonly WorkingDayDraft[],
): { ok: true; hours: WorkingHours[] } | { ok: false; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const hours: WorkingHours[] = [];
  for (const d of days) {
    if (!d.open) continue;
    const name = weekdayNames[d.weekday - 1] ?? 'This day';
    if (!clock.test(d.opens) || !clock.test(d.closes))
      errors[d.weekday] = `Enter ${name}'s opening and closing times, like 09:00 and 17:00`;
    else if (minutesOf(d.opens) % 15 || minutesOf(d.closes) % 15)
      errors[d.weekday] = 'Times must be on the quarter hour (:00, :15, :30 or :45)';
    else if (minutesOf(d.opens) >= minutesOf(d.closes))
      errors[d.weekday] = `${name} must close after it opens`;
    else hours.push({ weekday: d.weekday, opens: d.opens, closes: d.closes });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, hours };
}

/** How a consultation type is booked, as typed (numbers as text; an empty cap is no cap). */
export interface TypeBookingDraft {
  bookingMode: BookingMode;
  durationMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeMinutes: string;
  horizonDays: string;
  dailyCap: string;
}

export interface TypeBooking {
  booking_mode: BookingMode;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  daily_cap: number | null;
}

const whole = (s: string) => (/^\d{1,6}$/.test(s.trim()) ? Number(s.trim()) : NaN);

/** Checks a type's booking settings; answers the columns to store on consultation_services. */
export function checkTypeBooking(
  d: TypeBookingDraft,
): { ok: true; row: TypeBooking } | { ok: false; errors: Partial<Record<keyof TypeBookingDraft, string>> } {
  const errors: Partial<Record<keyof TypeBookingDraft, string>> = {};
  const duration = whole(d.durationMinutes);
  if (!(duration >= 15 && duration <= 480 && duration % 15 === 0))
    errors.durationMinutes = 'Enter 15 to 480 minutes, in steps of 15';
  const before = whole(d.bufferBeforeMinutes);
  if (!(before >= 0 && before <= 240)) errors.bufferBeforeMinutes = 'Enter 0 to 240 minutes';
  const after = whole(d.bufferAfterMinutes);
  if (!(after >= 0 && after <= 240)) errors.bufferAfterMinutes = 'Enter 0 to 240 minutes';
  const notice = whole(d.minNoticeMinutes);
  if (!(notice >= 0 && notice <= 20160)) errors.minNoticeMinutes = 'Enter 0 to 20160 minutes (two weeks)';
  const horizon = whole(d.horizonDays);
  if (!(horizon >= 1 && horizon <= 365)) errors.horizonDays = 'Enter 1 to 365 days';
  const cap = d.dailyCap.trim() === '' ? null : whole(d.dailyCap);
  if (cap !== null && !(cap >= 1 && cap <= 50))
    errors.dailyCap = 'Enter 1 to 50, or leave empty for no limit';
  if (d.bookingMode !== 'instant' && d.bookingMode !== 'request')
    errors.bookingMode = 'Choose how it is booked';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    row: {
      booking_mode: d.bookingMode,
      duration_minutes: duration,
      buffer_before_minutes: before,
      buffer_after_minutes: after,
      min_notice_minutes: notice,
      horizon_days: horizon,
      daily_cap: cap,
    },
  };
}

/** Checks a team day off: a real date from `today` on, and a short reason. */
export function checkDayOff(
  d: { date: string; reason: string },
  today: string,
  taken: readonly string[] = [],
):
  | { ok: true; row: { day: string; reason: string } }
  | { ok: false; errors: { date?: string; reason?: string } } {
  const errors: { date?: string; reason?: string } = {};
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(d.date) && new Date(`${d.date}T12:00:00Z`).toISOString().startsWith(d.date);
  if (!real) errors.date = 'Enter a date';
  else if (d.date < today) errors.date = 'Choose today or a later day';
  else if (taken.includes(d.date)) errors.date = 'That day is already off';
  if (d.reason.trim().length > 200) errors.reason = 'The reason must be 200 characters or fewer';
  return Object.keys(errors).length
    ? { ok: false, errors }
    : { ok: true, row: { day: d.date, reason: d.reason.trim() } };
}
