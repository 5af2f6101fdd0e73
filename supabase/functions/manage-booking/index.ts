// /functions/v1/manage-booking — a visitor's booking, through the link in their confirmation (the token), or an
// administrator's change with their session.
//   GET ?token=… → 200 the booking | 404 invalid_link | 410 expired_link (the meeting is over)
//   POST { token, action: 'cancel' } | { token, action: 'reschedule', start } → 200 the booking, updated
//     | 422 after_cutoff / bad_start / slot_unavailable | 409 already_cancelled / slot_taken (with nearest)
//   POST { id, action, start?, reason } with an administrator's JWT → the same, the reason mailed to the visitor;
//     administrators may act after the cut-off (not on a meeting already started). 401 / 403 otherwise. A move
//     mails the visitor a new booking link (the one they had stops working). A move onto a held time is a 409
//     whose message names the booking it clashes with (reference and start; `clash` carries them) or the day's cap.
// Every change adds one to the booking's SEQUENCE and mails the visitor and the company the updated invitation
// (REQUEST for a move, CANCEL for a cancellation, same UID).
import {
  addDays,
  businessTimeZone,
  checkBookingStart,
  heldRange,
  londonParts,
  manageCutoff,
  nearestSlots,
  parseSlotStart,
  type AvailabilityInput,
} from '@pentland/enquiries';
import {
  availabilityFor,
  clashRefused,
  manageCutoffMinutes,
  manageUrl,
  newManageToken,
  slotTaken,
  tokenHash,
  typeById,
  uuidPattern,
  type BookableType,
} from '../_shared/booking.ts';
import { bookingFacts, mailBooking } from '../_shared/bookingMail.ts';
import { company } from '../_shared/company.ts';
import { caller, HttpError, readJson, reply, rest, serve } from '../_shared/http.ts';

interface Row {
  id: string;
  reference: string;
  name: string;
  email: string;
  service_id: string | null;
  preferred_start: string;
  preferred_end: string;
  held_from: string | null;
  status: string;
  sequence: number;
}

const columns = 'id,reference,name,email,service_id,preferred_start,preferred_end,held_from,status,sequence';
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const invalidLink = () =>
  new HttpError(404, 'This booking link is not valid. Use the link in your booking e-mail, or phone us.', {
    code: 'invalid_link',
  });

async function find(filter: string): Promise<Row | null> {
  const { data, error } = await rest<Row[]>(
    `consultations?select=${columns}&${filter}&held_from=not.is.null`,
  );
  if (error || !data) throw new Error(`booking: ${error?.code} ${error?.message}`);
  return data[0] ?? null;
}

/** The booking behind a visitor's token: 404 for an unknown one, 410 once the meeting is over. */
async function byToken(token: unknown, now: Date): Promise<Row> {
  if (typeof token !== 'string' || !tokenPattern.test(token)) throw invalidLink();
  const row = await find(`manage_token_hash=eq.${await tokenHash(token)}`);
  if (!row) throw invalidLink();
  if (Date.parse(row.preferred_end) <= now.getTime())
    throw new HttpError(410, 'This booking has taken place, so its link has expired.', {
      code: 'expired_link',
    });
  return row;
}

async function typeOf(row: Row): Promise<BookableType> {
  const type = row.service_id ? await typeById(row.service_id, { any: true }) : null;
  if (!type) throw new Error(`booking ${row.id} has no consultation type`);
  // A booking holds its time whatever its type's mode is now.
  return { ...type, bookingMode: 'instant' };
}

async function view(row: Row, type: BookableType, now: Date) {
  const cutoff = manageCutoff(row.preferred_start, await manageCutoffMinutes());
  const cancelled = row.status === 'cancelled';
  return {
    reference: row.reference,
    typeName: type.name,
    start: new Date(row.preferred_start).toISOString(),
    end: new Date(row.preferred_end).toISOString(),
    timeZone: businessTimeZone,
    status: cancelled ? 'cancelled' : 'confirmed',
    canChange: !cancelled && row.status !== 'completed' && now < cutoff,
    cutoff: cutoff.toISOString(),
    contact: { phone: company.phone, email: company.email },
  };
}

const facts = bookingFacts;

/** Writes a change unless someone changed the booking meanwhile (its sequence moved): then 409. */
async function update(row: Row, patch: Record<string, unknown>): Promise<Row> {
  const { data, error } = await rest<Row[]>(
    `consultations?id=eq.${row.id}&sequence=eq.${row.sequence}&status=neq.cancelled&select=${columns}`,
    { method: 'PATCH', prefer: 'return=representation', body: { ...patch, sequence: row.sequence + 1 } },
  );
  if (error?.code === '23P01') return Promise.reject(error);
  if (error?.code === '23514')
    throw new HttpError(409, 'This booking can no longer be changed; please phone us.', {
      code: 'not_changeable',
    });
  if (error) throw new Error(`update booking: ${error.code} ${error.message}`);
  if (!data?.[0])
    throw new HttpError(409, 'This booking changed meanwhile; reload it and try again.', { code: 'changed' });
  return data[0];
}

async function act(
  row: Row,
  body: Record<string, unknown>,
  o: { now: Date; admin: boolean; token?: string; reason: string | null },
) {
  if (body.action !== 'cancel' && body.action !== 'reschedule')
    throw new HttpError(422, "The action must be 'cancel' or 'reschedule'", { code: 'bad_action' });
  const type = await typeOf(row);
  if (row.status === 'cancelled')
    throw new HttpError(409, 'This booking is already cancelled.', { code: 'already_cancelled' });
  const current = await view(row, type, o.now);
  if (!o.admin && !current.canChange)
    throw new HttpError(
      422,
      `Bookings can be changed online until ${current.cutoff}; please phone us on ${company.phone}.`,
      { code: 'after_cutoff', cutoff: current.cutoff },
    );
  if (o.admin && Date.parse(row.preferred_start) <= o.now.getTime())
    throw new HttpError(422, 'This meeting has already started.', {
      code: 'after_cutoff',
      cutoff: current.cutoff,
    });

  if (body.action === 'cancel') {
    const next = await update(row, {
      status: 'cancelled',
      ...(o.reason ? { cancel_reason: o.reason } : {}),
    });
    await mailBooking(facts(next, type), { kind: 'cancelled', reason: o.reason, byCompany: o.admin });
    return view(next, type, o.now);
  }
  // Reschedule.
  const start = parseSlotStart(body.start);
  if (!start)
    throw new HttpError(422, 'Choose a new time from the free times offered', { code: 'bad_start' });
  const day = londonParts(start).date;
  const around = (now: Date) =>
    availabilityFor(type, { from: addDays(day, -14), to: addDays(day, 14), now, except: row.id });
  // A visitor learns only that the time is taken; an administrator is told what it clashes with.
  const refused = (input: AvailabilityInput) =>
    o.admin ? clashRefused(start, input) : slotTaken(nearestSlots(start, input));
  const input = await around(o.now);
  const checked = checkBookingStart(start, input);
  if ('taken' in checked) throw refused(input);
  if ('error' in checked) throw new HttpError(422, checked.error, { code: 'slot_unavailable' });
  const held = heldRange(type, start);
  // The visitor's mail carries their booking link: theirs when they moved it, else a new one (only its hash is
  // stored, so the link they had stops working).
  const issued = o.token ? null : await newManageToken();
  let next: Row;
  try {
    next = await update(row, {
      preferred_start: held.start,
      preferred_end: held.end,
      preferred_date: day,
      held_from: held.heldStart,
      held_until: held.heldEnd,
      ...(issued ? { manage_token_hash: issued.hash } : {}),
    });
  } catch (e) {
    // Another booking took the time since it was checked: the database refused the overlap.
    if ((e as { code?: string }).code === '23P01') throw refused(await around(new Date()));
    throw e;
  }
  await mailBooking(facts(next, type), {
    kind: 'moved',
    from: row.preferred_start,
    reason: o.reason,
    manageUrl: manageUrl(o.token ?? issued!.token),
  });
  return view(next, type, o.now);
}

serve(async (req) => {
  const now = new Date();
  if (req.method === 'GET') {
    const row = await byToken(new URL(req.url).searchParams.get('token'), now);
    return reply(await view(row, await typeOf(row), now));
  }
  const body = await readJson(req, 4096);
  if (body.token !== undefined) {
    const row = await byToken(body.token, now);
    return reply(await act(row, body, { now, admin: false, token: body.token as string, reason: null }));
  }
  // An administrator, with their session: { id, action, start?, reason }.
  const who = await caller(req);
  if (!who)
    throw new HttpError(401, 'Use the link in your booking e-mail, or sign in as an administrator.', {
      code: 'invalid_link',
    });
  const { data: isAdmin } = await rest<boolean>('rpc/is_admin', {
    method: 'POST',
    body: {},
    token: who.token,
  });
  if (isAdmin !== true)
    throw new HttpError(403, 'Only administrators change other people’s bookings.', { code: 'forbidden' });
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason || reason.length > 500)
    throw new HttpError(422, 'Give the visitor a reason (up to 500 characters).', { code: 'missing_reason' });
  const row =
    typeof body.id === 'string' && uuidPattern.test(body.id) ? await find(`id=eq.${body.id}`) : null;
  if (!row) throw new HttpError(404, 'There is no such booking.', { code: 'not_found' });
  return reply(await act(row, body, { now, admin: true, reason }));
});
