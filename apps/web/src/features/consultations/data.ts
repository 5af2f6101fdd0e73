// The consultations' calls: the request form's consultation types and its server function, the enquiry dashboard's
// history, workflow and notes, and the administrators' consultation types.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ConsultationType } from '@pentland/enquiries';
import { offlineMessage, submitForm } from '../../lib/forms.ts';

/** A consultation type the request form offers, with its price in pounds (null: free). */
export type OfferedType = ConsultationType & { price: number | null };

/** The active consultation types, in their order. */
export async function readOfferedTypes(client: SupabaseClient): Promise<OfferedType[]> {
  const { data, error } = await client
    .from('consultation_services')
    .select('id, name, duration_minutes, price_gbp')
    .eq('is_active', true)
    .order('sort_order');
  if (error || !data) throw error ?? new Error('no data');
  return data.map((t) => ({
    id: t.id as string,
    name: t.name as string,
    durationMinutes: t.duration_minutes as number,
    price: t.price_gbp as number | null,
  }));
}

/** What submit-consultation answers once it has stored the request (or, for a type booked at once, the booking). */
export interface ConsultationReceipt {
  reference: string;
  slot: string;
  mailed: boolean;
  status?: 'confirmed' | 'requested';
  manageUrl?: string;
}

/** A free time: start and end as ISO instants (UTC). */
export interface FreeSlot {
  start: string;
  end: string;
}

/**
 * What consultation-slots answers for a type and a range of days; `missing` when the backend has no such function
 * (an older backend: the form asks for a preferred time instead).
 */
export type SlotsAnswer =
  | { ok: true; timeZone: string; bookingMode: 'instant' | 'request'; slots: FreeSlot[] }
  | { ok: false; missing: boolean; message: string };

/** The free times of a consultation type from `from` to `to` ('YYYY-MM-DD', UK days). */
export async function readConsultationSlots(
  client: SupabaseClient,
  type: string,
  from: string,
  to: string,
): Promise<SlotsAnswer> {
  const query = new URLSearchParams({ type, from, to });
  const { data, error } = await client.functions.invoke(`consultation-slots?${query}`, { method: 'GET' });
  if (!error) {
    const d = data as { timeZone?: string; bookingMode?: string; slots?: FreeSlot[] };
    return {
      ok: true,
      timeZone: d.timeZone ?? 'Europe/London',
      bookingMode: d.bookingMode === 'instant' ? 'instant' : 'request',
      slots: Array.isArray(d.slots) ? d.slots : [],
    };
  }
  const res = (error as { context?: unknown }).context;
  const status = res instanceof Response ? res.status : 0;
  const body = res instanceof Response ? ((await res.json().catch(() => ({}))) as { error?: string }) : {};
  return {
    ok: false,
    missing: status === 404,
    message: body.error ?? 'The free times could not be loaded. Check your connection and try again.',
  };
}

// ——— A booking's own page (the link in its e-mail) ———

/** What manage-booking answers for a valid link. */
export interface ManagedBooking {
  reference: string;
  typeName: string;
  start: string;
  end: string;
  timeZone: string;
  status: 'confirmed' | 'cancelled';
  canChange: boolean;
  cutoff: string;
  contact: { phone: string; email: string };
}

/** manage-booking's answer: the booking, or why not (`invalid_link`, `expired_link`, `after_cutoff`, …). */
export type ManageAnswer =
  { ok: true; booking: ManagedBooking } | { ok: false; code: string; message: string; nearest?: FreeSlot[] };

async function manageCall(
  client: SupabaseClient,
  name: string,
  init: Parameters<SupabaseClient['functions']['invoke']>[1],
): Promise<ManageAnswer> {
  const { data, error } = await client.functions.invoke(name, init);
  if (!error) return { ok: true, booking: data as ManagedBooking };
  const res = (error as { context?: unknown }).context;
  if (!(res instanceof Response)) return { ok: false, code: 'offline', message: offlineMessage };
  const body = (await res.json().catch(() => ({}))) as {
    code?: string;
    error?: string;
    nearest?: FreeSlot[];
  };
  return {
    ok: false,
    code: body.code ?? (res.status === 404 ? 'invalid_link' : res.status === 410 ? 'expired_link' : 'error'),
    message: body.error ?? 'Something went wrong; please try again.',
    nearest: body.nearest,
  };
}

/** Reads the booking a manage link names. */
export const readManagedBooking = (client: SupabaseClient, token: string) =>
  manageCall(client, `manage-booking?${new URLSearchParams({ token })}`, { method: 'GET' });

/** Cancels the booking, or moves it to another free time's start. */
export const changeManagedBooking = (
  client: SupabaseClient,
  token: string,
  change: { action: 'cancel' } | { action: 'reschedule'; start: string },
) => manageCall(client, 'manage-booking', { method: 'POST', body: { token, ...change } });

/** An administrator (their session) moves or cancels a booking; the reason is mailed to the visitor. */
export const changeBookingAsAdmin = (
  client: SupabaseClient,
  id: string,
  change: ({ action: 'cancel' } | { action: 'reschedule'; start: string }) & { reason: string },
) => manageCall(client, 'manage-booking', { method: 'POST', body: { id, ...change } });

/** Sends the request form to its server function (which validates again, stores and mails). */
export const sendConsultationRequest = (body: Record<string, unknown>) =>
  submitForm<ConsultationReceipt>('submit-consultation', body);

// ——— The enquiry dashboard (administrators: RLS lets no one else read or change these) ———

export type EnquiryKind = 'consultation' | 'contact';
export type EnquiryTable = 'consultations' | 'contact_messages';
export const enquiryTable = (kind: EnquiryKind): EnquiryTable =>
  kind === 'consultation' ? 'consultations' : 'contact_messages';
const enquiryColumn = (kind: EnquiryKind) =>
  kind === 'consultation' ? 'consultation_id' : 'contact_message_id';

/** Every consultation type's name by id (active or not), or null when they could not be read. */
export async function readTypeNames(client: SupabaseClient): Promise<Map<string, string> | null> {
  const { data } = await client.from('consultation_services').select('id, name');
  return data ? new Map(data.map((x) => [x.id as string, x.name as string])) : null;
}

export interface NoteRow {
  id: string;
  author_email: string | null;
  body: string;
  created_at: string;
}

export interface EventRow {
  id: number | string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_email: string | null;
  detail: string | null;
  created_at: string;
}

/** An enquiry's notes and its audit events, oldest first (empty when they could not be read). */
export async function readEnquiryHistory(
  client: SupabaseClient,
  kind: EnquiryKind,
  id: string,
): Promise<{ notes: NoteRow[]; events: EventRow[] }> {
  const column = enquiryColumn(kind);
  const [notes, events] = await Promise.all([
    client
      .from('enquiry_notes')
      .select('id, author_email, body, created_at')
      .eq(column, id)
      .order('created_at'),
    client
      .from('enquiry_events')
      .select('id, action, from_status, to_status, actor_email, detail, created_at')
      .eq(column, id)
      .order('id'),
  ]);
  return { notes: (notes.data ?? []) as NoteRow[], events: (events.data ?? []) as EventRow[] };
}

/** Moves an enquiry to another status (the database checks the transition and records it). */
export async function setEnquiryStatus(
  client: SupabaseClient,
  kind: EnquiryKind,
  id: string,
  status: string,
) {
  const { error } = await client.from(enquiryTable(kind)).update({ status }).eq('id', id);
  return error;
}

/** Adds a note to an enquiry. */
export async function addEnquiryNote(client: SupabaseClient, kind: EnquiryKind, id: string, body: string) {
  const { error } = await client
    .from('enquiry_notes')
    .insert(kind === 'consultation' ? { consultation_id: id, body } : { contact_message_id: id, body });
  return error;
}

// ——— The consultation types (administrators) ———

/** Every consultation type as stored, in the form's order then by name; null when they could not be read. */
export async function readConsultationServices(
  client: SupabaseClient,
): Promise<Record<string, unknown>[] | null> {
  const { data, error } = await client
    .from('consultation_services')
    .select('*')
    .order('sort_order')
    .order('name');
  return error || !data ? null : data;
}

/** Writes a checked consultation type: changes the row `id`, or adds a new one under `slug`. */
export async function saveConsultationService(
  client: SupabaseClient,
  row: Record<string, unknown>,
  target: { id: string } | { slug: string },
) {
  const { error } =
    'id' in target
      ? await client.from('consultation_services').update(row).eq('id', target.id)
      : await client.from('consultation_services').insert({ ...row, slug: target.slug });
  return error;
}
