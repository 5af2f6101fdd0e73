// POST /functions/v1/moderate-eboard { ids: uuid[], action: 'approve' | 'reject' | 'archive' | 'reopen' | 'delete', reason? }
// Administrators moderate entries, one or many. The update runs as the caller, so RLS (admins only) and the
// database's transition rules decide; each rejected submitter is mailed the reason, each approved one a notice.
// The entry's image follows its status: approved → copied into the public eboard-approved bucket and named there;
// archived or reopened → the public copy removed, the private original named again; rejected or deleted → both
// removed (deleting is only possible here, so that no entry leaves its image behind).
// → 200 { updated: [{ id, reference, status }], failed: [{ id, error }], mailed }
// { action: 'edit', id, … } changes one entry's text, dates and schedule instead (edit.ts).
import {
  eboardCategoryLabel,
  eboardImageBuckets,
  eboardImageFile,
  eboardImageUrl,
} from '@pentland/enquiries';
import { company, signature } from '../_shared/company.ts';
import { caller, env, HttpError, readJson, reply, rest, serve } from '../_shared/http.ts';
import { renderMail, sendAll, type Mail } from '../_shared/mail.ts';
import { copyObject, removeObjects } from '../_shared/storage.ts';
import { editEntry } from './edit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const targets = {
  approve: 'approved',
  reject: 'rejected',
  archive: 'archived',
  reopen: 'pending',
  delete: 'deleted',
} as const;
type Action = keyof typeof targets;

interface Entry {
  id: string;
  reference: string;
  title: string;
  category: string;
  status: string;
  contact_name: string | null;
  contact_email: string | null;
  rejection_reason: string | null;
  image_url: string | null;
}

const columns = 'id,reference,title,category,status,contact_name,contact_email,rejection_reason,image_url';

/** Puts an entry's image where its status allows it to be seen; answers the URL the entry should name. */
async function placeImage(entry: Entry): Promise<string | null> {
  const file = eboardImageFile(entry.image_url);
  if (!file) return entry.image_url;
  const original = { bucket: eboardImageBuckets.uploads, name: `pending/${file}` };
  if (entry.status === 'approved') {
    // An original that is gone (removed by hand) leaves the entry without a picture rather than a broken one.
    const copied = await copyObject(original, { bucket: eboardImageBuckets.board, name: file });
    return copied ? eboardImageUrl(env('SUPABASE_URL'), file, true) : null;
  }
  await removeObjects(eboardImageBuckets.board, [file]);
  if (entry.status === 'rejected' || entry.status === 'deleted') {
    await removeObjects(original.bucket, [original.name]);
    return null;
  }
  return eboardImageUrl(env('SUPABASE_URL'), file, false);
}

serve(async (req) => {
  const body = await readJson(req);
  const user = await caller(req);
  if (!user) throw new HttpError(401, 'Sign in as an administrator to moderate entries');
  const { data: isAdmin } = await rest<boolean>('rpc/is_admin', {
    method: 'POST',
    body: {},
    token: user.token,
  });
  if (isAdmin !== true)
    throw new HttpError(403, "You don't have administrator privileges to moderate entries");
  if (body.action === 'edit') return reply(await editEntry(body, user.token));
  const action = body.action as Action;
  if (typeof action !== 'string' || !(action in targets))
    throw new HttpError(400, 'action must be approve, reject, archive, reopen, delete or edit');
  const ids = body.ids;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    ids.length > 100 ||
    ids.some((id) => typeof id !== 'string' || !UUID.test(id))
  )
    throw new HttpError(400, 'ids must be a list of 1 to 100 entry ids');
  let reason: string | null = null;
  if (action === 'reject') {
    reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason)
      throw new HttpError(422, 'Give a reason for the rejection; it is sent to the submitter', {
        fields: { reason: 'Enter a reason' },
      });
    if (reason.length > 1000)
      throw new HttpError(422, 'The reason must be 1000 characters or fewer', {
        fields: { reason: 'The reason must be 1000 characters or fewer' },
      });
  }
  const status = targets[action];
  const updated: Entry[] = [];
  const failed: { id: string; error: string }[] = [];
  for (const id of [...new Set(ids as string[])]) {
    const { data, error } =
      action === 'delete'
        ? await rest<Entry[]>(`eboard_submissions?id=eq.${id}&select=${columns}`, { token: user.token })
        : await rest<Entry[]>(`eboard_submissions?id=eq.${id}&select=${columns}`, {
            method: 'PATCH',
            token: user.token,
            prefer: 'return=representation',
            body: action === 'reject' ? { status, rejection_reason: reason } : { status },
          });
    if (error) failed.push({ id, error: error.message ?? 'Could not update the entry' });
    else if (!data?.length) failed.push({ id, error: 'No such entry' });
    else {
      const entry = { ...data[0]!, status: action === 'delete' ? status : data[0]!.status };
      try {
        const imageUrl = await placeImage(entry);
        if (action === 'delete') {
          const gone = await rest(`eboard_submissions?id=eq.${id}`, {
            method: 'DELETE',
            prefer: 'return=minimal',
          });
          if (gone.error) throw new Error(gone.error.message ?? 'Could not delete the entry');
        } else if (imageUrl !== entry.image_url) {
          const named = await rest(`eboard_submissions?id=eq.${id}`, {
            method: 'PATCH',
            prefer: 'return=minimal',
            token: user.token,
            body: { image_url: imageUrl },
          });
          if (named.error) throw new Error(named.error.message ?? 'Could not update the entry');
        }
        updated.push({ ...entry, image_url: imageUrl });
      } catch (err) {
        console.error('moderating the image of an E-Board entry', err);
        failed.push({ id, error: "The entry's picture could not be moved; try the action again." });
      }
    }
  }
  const mails: Mail[] = updated
    .filter((e) => e.contact_email && (status === 'rejected' || status === 'approved'))
    .map((e) => ({
      to: e.contact_email!,
      subject:
        status === 'rejected'
          ? `Your E-Board entry ${e.reference} was not approved — ${company.name}`
          : `Your E-Board entry ${e.reference} is approved — ${company.name}`,
      ...renderMail({
        heading:
          status === 'rejected'
            ? `Your entry "${e.title}" was not approved`
            : `Your entry "${e.title}" is approved`,
        paragraphs:
          status === 'rejected'
            ? [
                `Thank you for your E-Board entry. We could not approve it, for this reason:`,
                e.rejection_reason ?? '',
                'You are welcome to submit a new entry.',
              ]
            : [`Your entry will show on the E-Board on its display dates.`],
        rows: [
          ['Reference', e.reference],
          ['Category', eboardCategoryLabel(e.category)],
        ],
        footer: signature,
      }),
      replyTo: company.email,
    }));
  const mailed = await sendAll(mails);
  return reply({
    updated: updated.map((e) => ({ id: e.id, reference: e.reference, status: e.status })),
    failed,
    mailed,
  });
});
