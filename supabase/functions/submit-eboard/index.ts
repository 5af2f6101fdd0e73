// POST /functions/v1/submit-eboard — an E-Board entry: re-validated, honeypot refused, the optional image checked in
// the private eboard-images bucket (uploaded by the browser under pending/; looked at with the service role, since
// visitors cannot read it back), stored as pending (the database applies the per-address rate limit); the submitter
// gets a reference and a confirmation e-mail. An entry refused for any reason takes its uploaded image with it.
// → 201 { reference, mailed } | 400 spam | 422 { fields } | 429
import {
  eboardCategoryLabel,
  eboardImageBuckets,
  eboardImageUrl,
  eboardUploadFile,
  formatDay,
  spamMessage,
  validateEboardEntry,
} from '@pentland/enquiries';
import { company, notifyAddress, signature } from '../_shared/company.ts';
import {
  caller,
  clientAddress,
  env,
  HttpError,
  isRateLimited,
  rateLimitedMessage,
  readJson,
  reply,
  rest,
  serve,
} from '../_shared/http.ts';
import { renderMail, sendAll } from '../_shared/mail.ts';
import { objectInfo, removeObjects } from '../_shared/storage.ts';

interface Uploaded {
  url: string;
  type: string;
  size: number;
  path: string;
}

/** The uploaded image as the entry will name it (the private original's URL), or null when there is no such object. */
async function uploadedImage(path: string, file: string): Promise<Uploaded | null> {
  const info = await objectInfo(eboardImageBuckets.uploads, path);
  return info && { ...info, path, url: eboardImageUrl(env('SUPABASE_URL'), file, false) };
}

/** Removes an upload that no entry names (a refused entry's image would otherwise stay behind, unseen). */
async function discardUnused(image: Uploaded): Promise<void> {
  const { data } = await rest<unknown[]>(
    `eboard_submissions?select=id&image_url=eq.${encodeURIComponent(image.url)}&limit=1`,
  );
  if (data && data.length === 0) await removeObjects(eboardImageBuckets.uploads, [image.path]);
}

serve(async (req) => {
  const body = await readJson(req);
  let image: Uploaded | null = null;
  const imagePath = body.imagePath;
  const imageErrors: Record<string, string> = {};
  if (imagePath !== undefined && imagePath !== null && imagePath !== '') {
    const file = eboardUploadFile(imagePath);
    if (!file) imageErrors.image = 'The image upload is not valid; choose the image again';
    else {
      image = await uploadedImage(imagePath as string, file);
      if (!image) imageErrors.image = 'The image did not arrive; choose the image again';
    }
  }
  try {
    return await submit(req, body, image, imageErrors);
  } catch (err) {
    if (image)
      await discardUnused(image).catch((e) => console.error('discarding an unused E-Board image', e));
    throw err;
  }
});

async function submit(
  req: Request,
  body: Record<string, unknown>,
  image: Uploaded | null,
  imageErrors: Record<string, string>,
): Promise<Response> {
  const result = validateEboardEntry(
    { ...body, image: image ? { type: image.type, size: image.size } : null },
    { now: new Date() },
  );
  if (!result.ok && result.spam) throw new HttpError(400, spamMessage, { code: 'spam' });
  if (!result.ok || Object.keys(imageErrors).length)
    throw new HttpError(422, 'Please correct the fields marked below.', {
      fields: { ...(result.ok ? {} : result.errors), ...imageErrors },
    });
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
  const { data: row } = await rest<{ reference: string }[]>(
    `eboard_submissions?select=reference&id=eq.${id}`,
  );
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
      ...renderMail({
        heading: `New E-Board entry ${reference}`,
        paragraphs: [`From ${e.name} <${e.email}>.`, e.message],
        rows,
      }),
    },
  ]);
  return reply({ reference, mailed }, 201);
}
