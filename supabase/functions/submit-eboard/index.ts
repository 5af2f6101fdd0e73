// POST /functions/v1/submit-eboard — an E-Board entry: re-validated, honeypot refused, the optional image checked in
// the eboard-images bucket (uploaded by the browser under pending/), stored as pending (the database applies the
// per-address rate limit); the submitter gets a reference and a confirmation e-mail.
// → 201 { reference, mailed } | 400 spam | 422 { fields } | 429
import { eboardCategoryLabel, formatDay, spamMessage, validateEboardEntry } from '@pentland/enquiries';
import { company, notifyAddress, signature } from '../_shared/company.ts';
import { caller, clientAddress, env, HttpError, isRateLimited, rateLimitedMessage, readJson, reply, rest, serve } from '../_shared/http.ts';
import { renderMail, sendAll } from '../_shared/mail.ts';

const IMAGE_PATH = /^pending\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|jpeg|png|webp)$/;

/** The uploaded image's public URL, type and size, or null when there is no such object. */
async function uploadedImage(path: string): Promise<{ url: string; type: string; size: number } | null> {
  const url = `${env('SUPABASE_URL')}/storage/v1/object/public/eboard-images/${path}`;
  const res = await fetch(url, { method: 'HEAD' });
  if (!res.ok) return null;
  return { url, type: (res.headers.get('content-type') ?? '').split(';')[0]!.trim(), size: Number(res.headers.get('content-length') ?? '0') };
}

serve(async (req) => {
  const body = await readJson(req);
  let image: { url: string; type: string; size: number } | null = null;
  const imagePath = body.imagePath;
  const imageErrors: Record<string, string> = {};
  if (imagePath !== undefined && imagePath !== null && imagePath !== '') {
    if (typeof imagePath !== 'string' || !IMAGE_PATH.test(imagePath)) imageErrors.image = 'The image upload is not valid; choose the image again';
    else {
      image = await uploadedImage(imagePath);
      if (!image) imageErrors.image = 'The image did not arrive; choose the image again';
    }
  }
  const result = validateEboardEntry({ ...body, image: image ? { type: image.type, size: image.size } : null }, { now: new Date() });
  if (!result.ok && result.spam) throw new HttpError(400, spamMessage, { code: 'spam' });
  if (!result.ok || Object.keys(imageErrors).length)
    throw new HttpError(422, 'Please correct the fields marked below.', { fields: { ...(result.ok ? {} : result.errors), ...imageErrors } });
  const e = result.value;
  // A visitor may send this form: a session still waiting for its authenticator code sends it as a visitor.
  const user = await caller(req, { unverified: 'visitor' });
  const id = crypto.randomUUID();
  const { error } = await rest('eboard_submissions', {
    method: 'POST',
    prefer: 'return=minimal',
    body: {
      id,
      user_id: user?.id ?? null,
      title: e.title,
      description: e.message,
      category: e.category,
      contact_name: e.name,
      contact_email: e.email,
      organisation: e.organisation,
      image_url: image?.url ?? null,
      display_from: e.displayFrom,
      display_until: e.displayUntil,
      submitted_from: clientAddress(req),
    },
  });
  if (isRateLimited(error)) throw new HttpError(429, rateLimitedMessage, { code: 'rate_limited' });
  if (error) throw new Error(`insert eboard entry: ${error.code} ${error.message}`);
  const { data: row } = await rest<{ reference: string }[]>(`eboard_submissions?select=reference&id=eq.${id}`);
  const reference = row?.[0]?.reference ?? '';
  const rows: [string, string][] = [
    ['Reference', reference],
    ['Title', e.title],
    ['Category', eboardCategoryLabel(e.category)],
    ['Display', `${formatDay(e.displayFrom)} to ${formatDay(e.displayUntil)}`],
  ];
  const mailed = await sendAll([
    {
      to: e.email,
      subject: `Your E-Board entry ${reference} — ${company.name}`,
      ...renderMail({
        heading: `Thank you, ${e.name}`,
        paragraphs: [
          `We have received your E-Board entry "${e.title}". Our team checks every entry before it appears on the board; we will e-mail you when it has been reviewed.`,
        ],
        rows,
        footer: signature,
      }),
      replyTo: company.email,
    },
    {
      to: notifyAddress(),
      subject: `New E-Board entry ${reference} to moderate`,
      ...renderMail({ heading: `New E-Board entry ${reference}`, paragraphs: [`From ${e.name} <${e.email}>.`, e.message], rows }),
    },
  ]);
  return reply({ reference, mailed }, 201);
});
