// POST /functions/v1/delete-account { confirmation, keepArticles? } → { deleted: true, keptArticles }
// Deletes the caller's account: the user whose own access token signs the request (asked of Auth, so the token is
// verified) — never anyone a body field names. The confirmation must be the account's e-mail address; a user with
// two-factor authentication must have passed it in this session; an active premium subscription must be cancelled
// first. Then, in this order, each step safe to run again if a later one fails: the database's part in one
// transaction (delete_account_content: published articles kept without an author when asked, everything else of the
// user's deleted, the list of their files), the files through Storage, and the user through Auth's admin API.
import { deletionConfirmed, deletionMessages, parseDeleteAccountRequest } from '@pentland/account';
import { caller, env, HttpError, readJson, reply, rest, serve } from '../_shared/http.ts';

interface Subscription {
  status?: string;
  cancel_at_period_end?: boolean;
  current_period_end?: string | null;
}

/** A subscription that will still renew (and charge): active or trialing, not set to end, not over. */
function renews(s: Subscription, now: number): boolean {
  const live = s.status === 'active' || s.status === 'trialing';
  const over = s.current_period_end ? Date.parse(s.current_period_end) <= now : false;
  return live && !over && s.cancel_at_period_end !== true;
}

const serviceHeaders = () => ({
  apikey: env('SUPABASE_SERVICE_ROLE_KEY'),
  Authorization: `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY')}`,
  'Content-Type': 'application/json',
});

async function removeFiles(files: Array<{ bucket: string; name: string }>): Promise<void> {
  const byBucket = new Map<string, string[]>();
  for (const f of files) byBucket.set(f.bucket, [...(byBucket.get(f.bucket) ?? []), f.name]);
  for (const [bucket, names] of byBucket) {
    for (let i = 0; i < names.length; i += 100) {
      const res = await fetch(`${env('SUPABASE_URL')}/storage/v1/object/${encodeURIComponent(bucket)}`, {
        method: 'DELETE',
        headers: serviceHeaders(),
        body: JSON.stringify({ prefixes: names.slice(i, i + 100) }),
      });
      if (!res.ok) throw new Error(`removing files from ${bucket}: ${res.status} ${await res.text()}`);
    }
  }
}

serve(async (req) => {
  // caller() refuses a session that has not passed the user's two-step verification.
  const user = await caller(req);
  if (!user) throw new HttpError(401, 'Sign in to delete your account.');
  const { token } = user;
  const parsed = parseDeleteAccountRequest(await readJson(req, 4096));
  if (!parsed.ok) throw new HttpError(400, parsed.message);
  if (!deletionConfirmed(parsed.value.confirmation, user.email)) {
    throw new HttpError(400, deletionMessages.confirmationMismatch);
  }

  const status = await rest<{ subscriptions?: Subscription[] }>('rpc/user_subscription_status', {
    method: 'POST',
    body: {},
    token,
  });
  if (status.error)
    throw new Error(`user_subscription_status: ${status.error.status} ${status.error.message}`);
  const now = Date.now();
  if ((status.data?.subscriptions ?? []).some((s) => renews(s, now))) {
    throw new HttpError(409, deletionMessages.subscriptionActive, { code: 'subscription_active' });
  }

  const content = await rest<{ kept_articles: number; files: Array<{ bucket: string; name: string }> }>(
    'rpc/delete_account_content',
    { method: 'POST', body: { p_user: user.id, p_keep_articles: parsed.value.keepArticles } },
  );
  if (content.error || !content.data) {
    throw new Error(`delete_account_content: ${content.error?.status} ${content.error?.message}`);
  }
  await removeFiles(content.data.files);

  const res = await fetch(`${env('SUPABASE_URL')}/auth/v1/admin/users/${encodeURIComponent(user.id)}`, {
    method: 'DELETE',
    headers: serviceHeaders(),
  });
  if (!res.ok && res.status !== 404) throw new Error(`deleting the user: ${res.status} ${await res.text()}`);
  return reply({ deleted: true, keptArticles: content.data.kept_articles });
});
