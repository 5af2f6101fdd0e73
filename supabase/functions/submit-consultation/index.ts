// POST /functions/v1/submit-consultation — the consultation form. Re-validates everything the browser validated
// (@pentland/enquiries), refuses the honeypot and stores it (the database applies the per-address rate limit).
// A type booked instantly: the slot's start must be one consultation-slots offers now, and the booking holds its
// time (the database refuses an overlap, so a race loses with 409 and the nearest free times); the visitor gets
// the invitation (METHOD:REQUEST) and a manage link, the company a copy. A taken time's 409 stores nothing and
// mails no one, so it is not counted against the rate limit: it tells no more than consultation-slots tells anyone.
// A request-only type: stored as a request, the requester mailed a tentative .ics of the time asked for, the
// company notified.
// → 201 { reference, slot, start, end, mailed, status: 'confirmed' | 'requested', manageUrl? } | 400 spam
//   | 409 { code: 'slot_taken', nearest } | 422 { fields } | 429
import {
  addDays,
  checkBookingStart,
  formatSlot,
  formatTime,
  heldRange,
  londonParts,
  manageCutoff,
  nearestSlots,
  parseSlotStart,
  referenceFor,
  slotMessages,
  spamMessage,
  validateConsultationRequest,
  type AvailabilityInput,
} from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { consultationIcs } from '@pentland/enquiries/ics';
import { serviceBySlug } from '@pentland/site-data';
import {
  activeTypes,
  availabilityFor,
  manageCutoffMinutes,
  manageUrl,
  newManageToken,
  slotTaken,
  type BookableType,
} from '../_shared/booking.ts';
import { mailBooking } from '../_shared/bookingMail.ts';
import { company, notifyAddress, signature } from '../_shared/company.ts';
import {
  caller,
  clientAddress,
  HttpError,
  isRateLimited,
  rateLimitedMessage,
  readJson,
  reply,
  rest,
  serve,
} from '../_shared/http.ts';
import { renderMail, sendAll } from '../_shared/mail.ts';

/** The availability around a start: its day and a fortnight either side (for the nearest free times). */
const around = (type: BookableType, start: Date, now: Date) => {
  const day = londonParts(start).date;
  return availabilityFor(type, { from: addDays(day, -14), to: addDays(day, 14), now });
};

serve(async (req) => {
  const body = await readJson(req);
  const now = new Date();
  const consultationTypes = await activeTypes();
  const chosen = consultationTypes.find((t) => t.id === body.consultationType);
  const instant = chosen?.bookingMode === 'instant' ? chosen : null;
  const start = instant ? parseSlotStart(body.preferredSlot) : null;
  const availability: AvailabilityInput | null = instant && start ? await around(instant, start, now) : null;
  let taken = false;
  const result = validateConsultationRequest(body, {
    now,
    consultationTypes,
    isBankHoliday: scottishBankHoliday,
    bookingSlot: (raw, type) => {
      if (!instant || type.id !== instant.id) return null;
      if (raw === undefined || raw === null || raw === '') return { error: slotMessages.missing };
      if (!start || !availability) return { error: slotMessages.format };
      const checked = checkBookingStart(start, availability);
      if ('error' in checked) return checked;
      taken = 'taken' in checked;
      const held = heldRange(instant, start);
      const at = londonParts(start);
      return { value: { local: `${at.date}T${formatTime(at.minute)}`, start: held.start, end: held.end } };
    },
  });
  if (!result.ok && result.spam) throw new HttpError(400, spamMessage, { code: 'spam' });
  if (!result.ok)
    throw new HttpError(422, 'Please correct the fields marked below.', { fields: result.errors });
  const r = result.value;
  if (instant && start && availability && taken) throw slotTaken(nearestSlots(start, availability));
  // A visitor may send this form: a session still waiting for its authenticator code sends it as a visitor.
  const user = await caller(req, { unverified: 'visitor' });
  const id = crypto.randomUUID();
  const pkg = r.package?.stored ?? null;
  const held = instant && start ? heldRange(instant, start) : null;
  const token = held ? await newManageToken() : null;
  const { error } = await rest('consultations', {
    method: 'POST',
    prefer: 'return=minimal',
    body: {
      id,
      user_id: user?.id ?? null,
      service_id: r.consultationType.id,
      name: r.name,
      email: r.email,
      phone: r.phone.national,
      company: r.company,
      services: r.services,
      message: r.message,
      preferred_date: r.slot.local.slice(0, 10),
      preferred_start: r.slot.start,
      preferred_end: r.slot.end,
      package: pkg,
      submitted_from: clientAddress(req),
      ...(held && token
        ? {
            status: 'scheduled',
            held_from: held.heldStart,
            held_until: held.heldEnd,
            manage_token_hash: token.hash,
          }
        : {}),
    },
  });
  if (isRateLimited(error)) throw new HttpError(429, rateLimitedMessage, { code: 'rate_limited' });
  // Another booking took the time between our check and the insert: the database refused the overlap.
  if (error?.code === '23P01' && instant && start)
    throw slotTaken(nearestSlots(start, await around(instant, start, new Date())));
  if (error) throw new Error(`insert consultation: ${error.code} ${error.message}`);

  const reference = referenceFor('PC', id);
  const when = formatSlot(r.slot.local);
  const services = r.services.map((s) => serviceBySlug(s)?.title ?? s).join(', ');
  const packageRows = r.package?.rows ?? [];
  if (instant && token) {
    const url = manageUrl(token.token);
    const mailed = await mailBooking(
      {
        id,
        reference,
        name: r.name,
        email: r.email,
        typeName: instant.name,
        durationMinutes: instant.durationMinutes,
        start: r.slot.start,
        end: r.slot.end,
        sequence: 0,
      },
      {
        kind: 'booked',
        manageUrl: url,
        cutoff: manageCutoff(r.slot.start, await manageCutoffMinutes()).toISOString(),
        extraRows: [
          ['Services', services],
          ...packageRows,
          ['Phone', r.phone.national],
          ['Company', r.company ?? '—'],
          ['Message', r.message ?? '—'],
        ],
      },
    );
    return reply(
      {
        reference,
        slot: when,
        start: r.slot.start,
        end: r.slot.end,
        mailed,
        status: 'confirmed',
        manageUrl: url,
      },
      201,
    );
  }
  const rows: [string, string][] = [
    ['Reference', reference],
    ['Consultation', `${r.consultationType.name} (${r.consultationType.durationMinutes} minutes)`],
    ['Preferred time', when],
    ['Services', services],
    ...packageRows,
  ];
  const ics = consultationIcs({
    uid: `${id}@pentlandcloud.co.uk`,
    title: `${company.name} consultation: ${r.consultationType.name} (${reference})`,
    description: `Your requested consultation with ${company.name}, reference ${reference}. We will contact you to confirm the time.\n${signature}`,
    location: company.address,
    start: r.slot.start,
    end: r.slot.end,
    organizer: { name: company.name, email: company.email },
    attendee: { name: r.name, email: r.email },
    created: new Date().toISOString(),
  });
  const toRequester = renderMail({
    heading: `Thank you, ${r.name} — we have your request`,
    paragraphs: [
      `We have received your consultation request ${reference}. We will contact you within one working day to confirm the time; the calendar file attached holds the time you asked for.`,
    ],
    rows,
    footer: signature,
  });
  const toCompany = renderMail({
    heading: `New consultation request ${reference}`,
    paragraphs: [`${r.name} asked for a consultation.`],
    rows: [
      ...rows,
      ['Name', r.name],
      ['E-mail', r.email],
      ['Phone', r.phone.national],
      ['Company', r.company ?? '—'],
      ['Message', r.message ?? '—'],
    ],
  });
  const mailed = await sendAll([
    {
      to: r.email,
      subject: `Your consultation request ${reference} — ${company.name}`,
      ...toRequester,
      replyTo: company.email,
      attachments: [
        {
          filename: `consultation-${reference}.ics`,
          content: ics,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    },
    {
      to: notifyAddress(),
      subject: `New consultation request ${reference}: ${r.name}`,
      ...toCompany,
      replyTo: r.email,
    },
  ]);
  return reply(
    { reference, slot: when, start: r.slot.start, end: r.slot.end, mailed, status: 'requested' },
    201,
  );
});
