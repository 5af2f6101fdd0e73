// POST /functions/v1/submit-contact — the contact form: re-validated, honeypot refused, stored in contact_messages
// (the database applies the per-address rate limit); a confirmation to the sender and a notification to the company.
// → 201 { reference, mailed } | 400 spam | 422 { fields } | 429
import { spamMessage, validateContactMessage } from '@pentland/enquiries';
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
  const result = validateContactMessage(body);
  if (!result.ok && result.spam) throw new HttpError(400, spamMessage, { code: 'spam' });
  if (!result.ok)
    throw new HttpError(422, 'Please correct the fields marked below.', { fields: result.errors });
  const m = result.value;
  // A visitor may send this form: a session still waiting for its authenticator code sends it as a visitor.
  const user = await caller(req, { unverified: 'visitor' });
  const id = crypto.randomUUID();
  const { error } = await rest('contact_messages', {
    method: 'POST',
    prefer: 'return=minimal',
    body: {
      id,
      user_id: user?.id ?? null,
      name: m.name,
      email: m.email,
      phone: m.phone?.national ?? null,
      subject: m.subject,
      message: m.message,
      submitted_from: clientAddress(req),
    },
  });
  if (isRateLimited(error)) throw new HttpError(429, rateLimitedMessage, { code: 'rate_limited' });
  if (error) throw new Error(`insert contact message: ${error.code} ${error.message}`);
  const { data: row } = await rest<{ reference: string }[]>(`contact_messages?select=reference&id=eq.${id}`);
  const reference = row?.[0]?.reference ?? '';
  const rows: [string, string][] = [
    ['Reference', reference],
    ['Subject', m.subject],
    ['Message', m.message],
  ];
  const mailed = await sendAll([
    {
      to: m.email,
      subject: `We have your message ${reference} — ${company.name}`,
      ...renderMail({
        heading: `Thank you, ${m.name}`,
        paragraphs: [
          `We have received your message and will reply within one working day (Monday to Friday, 09:00–17:00).`,
        ],
        rows,
        footer: signature,
      }),
      replyTo: company.email,
    },
    {
      to: notifyAddress(),
      subject: `New contact message ${reference}: ${m.subject}`,
      ...renderMail({
        heading: `New contact message ${reference}`,
        paragraphs: [`From ${m.name} <${m.email}>${m.phone ? `, ${m.phone.national}` : ''}.`],
        rows,
      }),
      replyTo: m.email,
    },
  ]);
  return reply({ reference, mailed }, 201);
});
