// POST /functions/v1/submit-consultation — the consultation request form. Re-validates everything the browser
// validated (@pentland/enquiries), refuses the honeypot, stores the request (the database applies the per-address
// rate limit), mails the requester a confirmation with an .ics of the requested slot and notifies the company.
// → 201 { reference, slot, mailed } | 400 spam | 422 { fields } | 429
import {
  formatSlot,
  spamMessage,
  validateConsultationRequest,
  type ConsultationType,
} from '@pentland/enquiries';
import { scottishBankHoliday } from '@pentland/enquiries/holidays';
import { consultationIcs } from '@pentland/enquiries/ics';
import { serviceBySlug } from '@pentland/site-data';
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

serve(async (req) => {
  const body = await readJson(req);
  const { data: types, error: typesError } = await rest<
    { id: string; name: string; duration_minutes: number }[]
  >('consultation_services?select=id,name,duration_minutes&is_active=eq.true&order=sort_order');
  if (typesError || !types) throw new Error(`consultation types: ${typesError?.message}`);
  const consultationTypes: ConsultationType[] = types.map((t) => ({
    id: t.id,
    name: t.name,
    durationMinutes: t.duration_minutes,
  }));
  const result = validateConsultationRequest(body, {
    now: new Date(),
    consultationTypes,
    isBankHoliday: scottishBankHoliday,
  });
  if (!result.ok && result.spam) throw new HttpError(400, spamMessage, { code: 'spam' });
  if (!result.ok)
    throw new HttpError(422, 'Please correct the fields marked below.', { fields: result.errors });
  const r = result.value;
  // A visitor may send this form: a session still waiting for its authenticator code sends it as a visitor.
  const user = await caller(req, { unverified: 'visitor' });
  const id = crypto.randomUUID();
  const pkg = r.package?.stored ?? null;
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
    },
  });
  if (isRateLimited(error)) throw new HttpError(429, rateLimitedMessage, { code: 'rate_limited' });
  if (error) throw new Error(`insert consultation: ${error.code} ${error.message}`);

  const { data: row } = await rest<{ reference: string }[]>(`consultations?select=reference&id=eq.${id}`);
  const reference = row?.[0]?.reference ?? '';
  const when = formatSlot(r.slot.local);
  const services = r.services.map((s) => serviceBySlug(s)?.title ?? s).join(', ');
  const packageRows = r.package?.rows ?? [];
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
  return reply({ reference, slot: when, mailed }, 201);
});
