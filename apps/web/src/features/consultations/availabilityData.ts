// Every table the booking calendar's settings touch, in one place (RLS lets only administrators write them): the
// weekly working hours, each consultation type's booking columns and the team's days off. The tables store weekdays
// 0 Sunday … 6 Saturday; the editor counts 1 Monday … 7 Sunday. A day off is known by its date.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BookingMode, TypeBooking, WorkingHours } from '@pentland/enquiries';

export const availabilityTables = {
  hours: 'booking_hours',
  types: 'consultation_services',
  daysOff: 'booking_days_off',
} as const;

/** The editor's weekday (1 Monday … 7 Sunday) and the table's (0 Sunday … 6 Saturday). */
const fromTable = (weekday: number) => (weekday === 0 ? 7 : weekday);
const toTable = (weekday: number) => weekday % 7;

const typeColumns =
  'id, name, duration_minutes, booking_mode, buffer_before_minutes, buffer_after_minutes, min_notice_minutes, horizon_days, daily_cap';

export interface TypeBookingRow extends TypeBooking {
  id: string;
  name: string;
}

export interface DayOffRow {
  id: string;
  day: string;
  reason: string | null;
}

export interface AvailabilitySettings {
  hours: WorkingHours[];
  types: TypeBookingRow[];
  daysOff: DayOffRow[];
}

/** Reads the settings; null when any part could not be read (e.g. a backend without the tables). */
export async function readAvailability(
  client: SupabaseClient,
  today: string,
): Promise<AvailabilitySettings | null> {
  const [hours, types, daysOff] = await Promise.all([
    client.from(availabilityTables.hours).select('weekday, opens, closes').order('weekday'),
    client.from(availabilityTables.types).select(typeColumns).order('sort_order').order('name'),
    client.from(availabilityTables.daysOff).select('day, reason').gte('day', today).order('day'),
  ]);
  if (hours.error || types.error || daysOff.error) return null;
  return {
    hours: (hours.data ?? []).map((h) => ({
      weekday: fromTable(Number(h.weekday)),
      opens: String(h.opens).slice(0, 5),
      closes: String(h.closes).slice(0, 5),
    })),
    types: (types.data ?? []).map((t) => ({
      id: String(t.id),
      name: String(t.name),
      booking_mode: (t.booking_mode === 'instant' ? 'instant' : 'request') as BookingMode,
      duration_minutes: Number(t.duration_minutes),
      buffer_before_minutes: Number(t.buffer_before_minutes ?? 0),
      buffer_after_minutes: Number(t.buffer_after_minutes ?? 0),
      min_notice_minutes: Number(t.min_notice_minutes ?? 0),
      horizon_days: Number(t.horizon_days ?? 60),
      daily_cap: t.daily_cap === null || t.daily_cap === undefined ? null : Number(t.daily_cap),
    })),
    daysOff: (daysOff.data ?? []).map((d) => ({
      id: String(d.day),
      day: String(d.day),
      reason: (d.reason as string | null) ?? null,
    })),
  };
}

/** Replaces the week's working hours with these (a day not listed is closed). */
export async function saveWorkingHours(client: SupabaseClient, hours: readonly WorkingHours[]) {
  const removed = await client.from(availabilityTables.hours).delete().gte('weekday', 0);
  if (removed.error) return removed.error;
  if (hours.length === 0) return null;
  const { error } = await client
    .from(availabilityTables.hours)
    .insert(hours.map((h) => ({ ...h, weekday: toTable(h.weekday) })));
  return error;
}

/** Writes a consultation type's booking columns. */
export async function saveTypeBooking(client: SupabaseClient, id: string, row: TypeBooking) {
  const { error } = await client.from(availabilityTables.types).update(row).eq('id', id);
  return error;
}

export async function addDayOff(client: SupabaseClient, row: { day: string; reason: string }) {
  const { error } = await client.from(availabilityTables.daysOff).insert(row);
  return error;
}

export async function removeDayOff(client: SupabaseClient, id: string) {
  const { error } = await client.from(availabilityTables.daysOff).delete().eq('day', id);
  return error;
}
