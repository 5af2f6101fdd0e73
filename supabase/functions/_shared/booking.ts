// Instant booking on the server, shared by consultation-slots, submit-consultation and manage-booking: the
// availability the administrators set and the bookings already made, read with the service role and handed to the
// pure rules of @pentland/enquiries; the manage link's token.
import {
  addDays,
  bookingMessages,
  clashOf,
  nearestSlots,
  defaultManageCutoffMinutes,
  defaultWorkingHours,
  londonInstant,
  requestRules,
  type AvailabilityInput,
  type BookingMode,
  type BookingRules,
  type HeldBooking,
  type OpenSlot,
} from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { whenText } from './bookingMail.ts';
import { company } from './company.ts';
import { HttpError, rest } from './http.ts';

export interface BookableType extends BookingRules {
  name: string;
}

interface TypeRow {
  id: string;
  name: string;
  duration_minutes: number;
  booking_mode: BookingMode;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  daily_cap: number | null;
}

const typeColumns =
  'id,name,duration_minutes,booking_mode,buffer_before_minutes,buffer_after_minutes,min_notice_minutes,horizon_days,daily_cap';

const toType = (t: TypeRow): BookableType => ({
  id: t.id,
  name: t.name,
  durationMinutes: t.duration_minutes,
  bookingMode: t.booking_mode,
  bufferBeforeMinutes: t.buffer_before_minutes,
  bufferAfterMinutes: t.buffer_after_minutes,
  minimumNoticeMinutes: t.min_notice_minutes,
  horizonDays: t.horizon_days,
  dailyCap: t.daily_cap,
});

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function read<T>(path: string): Promise<T> {
  const { data, error } = await rest<T>(path);
  if (error || data === null) throw new Error(`${path.split('?')[0]}: ${error?.code} ${error?.message}`);
  return data;
}

/** The consultation types on offer, with their booking rules. */
export async function activeTypes(): Promise<BookableType[]> {
  return (
    await read<TypeRow[]>(`consultation_services?select=${typeColumns}&is_active=eq.true&order=sort_order`)
  ).map(toType);
}

/** One type by id: on offer only, unless `any` (a booking keeps its type when it is withdrawn). */
export async function typeById(id: string, o: { any?: boolean } = {}): Promise<BookableType | null> {
  if (!uuidPattern.test(id)) return null;
  const rows = await read<TypeRow[]>(
    `consultation_services?select=${typeColumns}&id=eq.${id}${o.any ? '' : '&is_active=eq.true'}`,
  );
  return rows[0] ? toType(rows[0]) : null;
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * What the availability rules need for `type` between two London days: the working hours, the days off and the
 * bookings holding time then (but `except`, a booking being moved). A request-only type gets the request rules.
 */
export async function availabilityFor(
  type: BookableType,
  o: { from: string; to: string; now: Date; except?: string },
): Promise<AvailabilityInput> {
  const base = { isBankHoliday: scottishBankHoliday, now: o.now };
  if (type.bookingMode === 'request')
    return {
      ...base,
      type: requestRules(type),
      workingHours: defaultWorkingHours,
      bookings: [],
      daysOff: [],
    };
  // A day either side: buffers and the daily cap reach across midnight UTC.
  const lo = londonInstant(addDays(o.from, -1), 0).toISOString();
  const hi = londonInstant(addDays(o.to, 2), 0).toISOString();
  const [hours, daysOff, held] = await Promise.all([
    read<{ weekday: number; opens: string; closes: string }[]>('booking_hours?select=weekday,opens,closes'),
    read<{ day: string; reason: string }[]>(
      `booking_days_off?select=day,reason&day=gte.${addDays(o.from, -1)}&day=lte.${addDays(o.to, 1)}`,
    ),
    read<
      {
        reference: string;
        service_id: string | null;
        preferred_start: string;
        preferred_end: string;
        held_from: string;
        held_until: string;
      }[]
    >(
      `consultations?select=reference,service_id,preferred_start,preferred_end,held_from,held_until` +
        `&status=neq.cancelled&held_from=lt.${hi}&held_until=gt.${lo}` +
        (o.except ? `&id=neq.${o.except}` : ''),
    ),
  ]);
  const iso = (s: string) => new Date(s).toISOString();
  return {
    ...base,
    type,
    workingHours: hours.map((h) => ({
      weekday: h.weekday,
      startMinute: minutesOf(h.opens),
      endMinute: minutesOf(h.closes),
    })),
    daysOff: daysOff.map((d) => ({ date: d.day, reason: d.reason })),
    bookings: held.map((b): HeldBooking => ({
      typeId: b.service_id,
      reference: b.reference,
      start: iso(b.preferred_start),
      end: iso(b.preferred_end),
      heldStart: iso(b.held_from),
      heldEnd: iso(b.held_until),
    })),
  };
}

/** Until how long before the start a booking may be changed or cancelled (minutes). */
export async function manageCutoffMinutes(): Promise<number> {
  const rows = await read<{ manage_cutoff_minutes: number }[]>(
    'booking_settings?select=manage_cutoff_minutes',
  );
  return rows[0]?.manage_cutoff_minutes ?? defaultManageCutoffMinutes;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a manage token, as stored. */
export async function tokenHash(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** A new manage token: 32 random bytes, base64url; only its hash is stored. */
export async function newManageToken(): Promise<{ token: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { token, hash: await tokenHash(token) };
}

/** The page where a visitor changes or cancels their booking. */
export function manageUrl(token: string): string {
  const site = (Deno.env.get('SITE_URL') || company.siteUrl).replace(/\/+$/, '');
  return `${site}/bookings/manage?token=${token}`;
}

/** 409 for a time someone else holds, with the nearest free ones. */
export function slotTaken(nearest: OpenSlot[]): HttpError {
  return new HttpError(409, bookingMessages.taken, { code: 'slot_taken', nearest });
}

/**
 * 409 for an administrator's move onto a held time: the message names what holds it — the booking it overlaps
 * (reference and start, which administrators see on the dashboard anyway) or the day's cap — and `clash` carries
 * the booking's reference, start and end; the nearest free times as for a visitor.
 */
export function clashRefused(start: Date, input: AvailabilityInput): HttpError {
  const clash = clashOf(start, input);
  const nearest = nearestSlots(start, input);
  if (!clash) return slotTaken(nearest);
  if ('cap' in clash)
    return new HttpError(409, bookingMessages.dayFull(clash.cap), {
      code: 'slot_taken',
      nearest,
      clash: null,
    });
  const b = clash.booking;
  return new HttpError(
    409,
    bookingMessages.clash(b.reference ?? 'another booking', whenText(b.start), clash.meetingsOverlap),
    { code: 'slot_taken', nearest, clash: { reference: b.reference ?? null, start: b.start, end: b.end } },
  );
}
