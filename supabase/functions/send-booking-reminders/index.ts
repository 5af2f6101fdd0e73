// POST /functions/v1/send-booking-reminders — mails the booking reminders due now (24 hours and 1 hour before),
// for a scheduler to call every few minutes with the service role key. public.claim_booking_reminders records each
// before it is mailed, so none goes twice, even from two runs at once. `{ now }` (ISO) sets the clock, for tests.
// → 200 { sent: [{ reference, kind }] } | 401 for any caller but the service role | 422 bad now
import { typeById } from '../_shared/booking.ts';
import { bookingFacts, mailBooking } from '../_shared/bookingMail.ts';
import { env, HttpError, readJson, reply, rest, serve } from '../_shared/http.ts';

interface Row {
  id: string;
  reference: string;
  name: string;
  email: string;
  service_id: string | null;
  preferred_start: string;
  preferred_end: string;
  sequence: number;
}

serve(async (req) => {
  const auth = req.headers.get('authorization') ?? '';
  if (auth !== `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY')}`)
    throw new HttpError(401, 'Only the scheduler sends reminders.', { code: 'unauthorized' });
  const body = await readJson(req, 1024);
  const now = body.now === undefined ? new Date() : new Date(typeof body.now === 'string' ? body.now : NaN);
  if (!Number.isFinite(now.getTime()))
    throw new HttpError(422, 'now must be an ISO 8601 instant', { code: 'bad_now' });
  const { data: due, error } = await rest<{ consultation_id: string; kind: '24h' | '1h' }[]>(
    'rpc/claim_booking_reminders',
    { method: 'POST', body: { p_now: now.toISOString() } },
  );
  if (error || !due) throw new Error(`claim reminders: ${error?.code} ${error?.message}`);
  const sent: { reference: string; kind: string }[] = [];
  for (const d of due) {
    const { data: rows } = await rest<Row[]>(
      `consultations?select=id,reference,name,email,service_id,preferred_start,preferred_end,sequence&id=eq.${d.consultation_id}`,
    );
    const row = rows?.[0];
    const type = row?.service_id ? await typeById(row.service_id, { any: true }) : null;
    if (!row || !type) continue;
    await mailBooking(bookingFacts(row, type), { kind: 'reminder', lead: d.kind });
    sent.push({ reference: row.reference, kind: d.kind });
  }
  return reply({ sent });
});
