/**
 * Two-step verification cannot be skipped through the API. A user who turned on TOTP and signed in with the password
 * only holds an aal1 session: through REST, Storage, RPC and the server functions it must reach nothing of theirs
 * (and no administrator power), while public content stays readable as for a visitor. After the code (aal2) it all
 * works; a user without a factor is not affected. Real sessions: password sign-in, enrolment and verification
 * through /auth/v1 with codes computed from the factor's secret.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  anonClient,
  createTestClient,
  serviceClient,
  startTestBackend,
  type TestBackend,
} from '@pentland/local-supabase/testing';

let b: TestBackend;

interface Account {
  id: string;
  email: string;
  /** The password-only session's token (aal1). */
  aal1: string;
  /** The same session after the authenticator code (aal2), for accounts with a factor. */
  aal2: string | null;
}

const PASSWORD = 'Thurso-harbour-7';
// A 1×1 PNG: a real picture, so only the rule under test can refuse it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const as = (token: string): SupabaseClient => createTestClient(b.url, b.anonKey, token);

/** A confirmed account signed in with its password; with `factor`, a TOTP factor enrolled and verified. */
async function account(opts: { factor?: boolean; admin?: boolean } = {}): Promise<Account> {
  const email = `mfa-${randomUUID().slice(0, 8)}@example.test`;
  const created = await serviceClient(b).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: 'Morag Gunn' },
  });
  expect(created.error).toBeNull();
  const id = created.data.user!.id;
  if (opts.admin) await b.db.query('insert into public.admin_users (user_id) values ($1)', [id]);
  const sb = createTestClient(b.url, b.anonKey);
  const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signIn.error).toBeNull();
  if (!opts.factor) return { id, email, aal1: signIn.data.session!.access_token, aal2: null };

  // Enrol and verify on a first session, then sign in again: the fresh session is aal1 with a verified factor.
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(enrolled.error).toBeNull();
  const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data!.totp.secret), digits: 6, period: 30 });
  const first = await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() });
  expect(first.error).toBeNull();

  const later = createTestClient(b.url, b.anonKey);
  const again = await later.auth.signInWithPassword({ email, password: PASSWORD });
  expect(again.error).toBeNull();
  const aal1 = again.data.session!.access_token;
  // The next 30-second step's code: the current one was just used, and a factor takes each code once.
  const next = totp.generate({ timestamp: Date.now() + 30_000 });
  const challenge = await later.auth.mfa.challenge({ factorId: enrolled.data!.id });
  expect(challenge.error).toBeNull();
  let verified = await later.auth.mfa.verify({
    factorId: enrolled.data!.id,
    challengeId: challenge.data!.id,
    code: next,
  });
  if (verified.error) {
    // Outside the server's window for the next step: wait for it.
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
    const retry = await later.auth.mfa.challenge({ factorId: enrolled.data!.id });
    verified = await later.auth.mfa.verify({
      factorId: enrolled.data!.id,
      challengeId: retry.data!.id,
      code: totp.generate(),
    });
  }
  expect(verified.error).toBeNull();
  return { id, email, aal1, aal2: verified.data!.access_token };
}

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await b.db.query<T>(sql, params)).rows as T[];

/** Data of `owner` in every user-owned table and bucket, written as the platform (service role / SQL). */
async function seed(owner: Account) {
  const [poster] = await q<{ id: string }>(
    `insert into public.posters (user_id, title) values ($1, 'Wick gala') returning id`,
    [owner.id],
  );
  await q(`insert into public.poster_scans (poster_id, source) values ($1, 'qr')`, [poster!.id]);
  const slug = (s: string) => `${s}-${randomUUID().slice(0, 8)}`;
  const [draft] = await q<{ id: string }>(
    `insert into public.articles (author_id, title, slug, content) values ($1, 'Draft on backups', $2, 'x')
     returning id`,
    [owner.id, slug('draft')],
  );
  const [published] = await q<{ id: string }>(
    `insert into public.articles (author_id, title, slug, content, status, published_at)
     values ($1, 'Published on backups', $2, 'x', 'published', now() - interval '1 day') returning id`,
    [owner.id, slug('published')],
  );
  const one = async (sql: string, params: unknown[]) => (await q<{ id: string }>(sql, params))[0]!.id;
  const generation = await one(
    `insert into public.article_generations (user_id, mode, topic) values ($1, 'offline', 'Backups') returning id`,
    [owner.id],
  );
  const subscription = await one(
    `insert into public.subscriptions (user_id, status, current_period_end)
     values ($1, 'active', now() + interval '30 days') returning id`,
    [owner.id],
  );
  await q(
    `insert into public.stripe_customers (user_id, customer_id) values ($1, $2) on conflict do nothing`,
    [owner.id, `cus_${owner.id.replace(/-/g, '').slice(0, 12)}`],
  );
  const consultation = await one(
    `insert into public.consultations (user_id, name, email) values ($1, 'Morag Gunn', $2) returning id`,
    [owner.id, owner.email],
  );
  const message = await one(
    `insert into public.contact_messages (user_id, name, email, message) values ($1, 'Morag Gunn', $2, 'Hello')
     returning id`,
    [owner.id, owner.email],
  );
  const [entry] = await q<{ id: string }>(
    `insert into public.eboard_submissions (user_id, title) values ($1, 'Lifeboat open day') returning id`,
    [owner.id],
  );
  const storage = serviceClient(b).storage;
  for (const [bucket, name] of [
    ['poster-images', `${owner.id}/seed.png`],
    ['avatars', `${owner.id}/seed.png`],
    ['article-images', `${owner.id}/seed.png`],
  ] as const) {
    const up = await storage.from(bucket).upload(name, PNG, { contentType: 'image/png', upsert: true });
    expect(up.error).toBeNull();
  }
  // Storage's owner column: the files are the user's, as if they had uploaded them.
  await q(`update storage.objects set owner = $1::uuid, owner_id = $1::text where name like $2`, [
    owner.id,
    `${owner.id}/%`,
  ]);
  return {
    poster: poster!.id,
    draft: draft!.id,
    published: published!.id,
    entry: entry!.id,
    generation,
    subscription,
    consultation,
    message,
  };
}

type Outcome = number | 'ok' | 'refused';
const done = (r: { error: unknown }): Outcome => (r.error ? 'refused' : 'ok');
const count = (r: { data: unknown[] | null; error: unknown }): Outcome =>
  r.error ? 'refused' : (r.data?.length ?? 0);
/** A folder listing: whether it shows anything (earlier tests may have left more files). */
const some = (r: { data: unknown[] | null; error: unknown }): Outcome =>
  r.error ? 'refused' : Math.min(r.data?.length ?? 0, 1);

/**
 * Everything the account may do with its own data, as `token` (each write tried for real, each outcome read back
 * through SQL so a silently ignored write counts as refused).
 */
async function matrix(owner: Account, token: string): Promise<Record<string, Outcome>> {
  const ids = await seed(owner);
  const sb = as(token);
  const out: Record<string, Outcome> = {};
  const exists = async (sql: string, params: unknown[]) =>
    (await q(sql, params)).length > 0 ? 'ok' : 'refused';

  // posters: the owner reads, creates, updates and deletes
  out['posters.select'] = count(await sb.from('posters').select('id').eq('id', ids.poster));
  const newPoster = randomUUID();
  await sb.from('posters').insert({ id: newPoster, title: 'New poster' });
  out['posters.insert'] = await exists('select 1 from public.posters where id = $1', [newPoster]);
  await sb.from('posters').update({ title: 'Renamed' }).eq('id', ids.poster);
  out['posters.update'] = await exists(`select 1 from public.posters where id = $1 and title = 'Renamed'`, [
    ids.poster,
  ]);
  out['poster_scans.select'] = count(await sb.from('poster_scans').select('id').eq('poster_id', ids.poster));
  await sb.from('posters').delete().eq('id', ids.poster);
  out['posters.delete'] =
    (await exists('select 1 from public.posters where id = $1', [ids.poster])) === 'ok' ? 'refused' : 'ok';

  // articles: the draft is private, the published one public; writes are the author's
  out['articles.select draft'] = count(await sb.from('articles').select('id').eq('id', ids.draft));
  out['articles.select published'] = count(await sb.from('articles').select('id').eq('id', ids.published));
  const newArticle = randomUUID();
  await sb
    .from('articles')
    .insert({ id: newArticle, title: 'New draft', slug: `new-${newArticle.slice(0, 8)}` });
  out['articles.insert'] = await exists('select 1 from public.articles where id = $1', [newArticle]);
  await sb.from('articles').update({ title: 'Edited draft' }).eq('id', ids.draft);
  out['articles.update draft'] = await exists(
    `select 1 from public.articles where id = $1 and title = 'Edited draft'`,
    [ids.draft],
  );
  await sb.from('articles').update({ title: 'Edited published' }).eq('id', ids.published);
  out['articles.update published'] = await exists(
    `select 1 from public.articles where id = $1 and title = 'Edited published'`,
    [ids.published],
  );
  await sb.from('articles').delete().eq('id', ids.published);
  out['articles.delete published'] =
    (await exists('select 1 from public.articles where id = $1', [ids.published])) === 'ok'
      ? 'refused'
      : 'ok';
  out['article_slug_taken'] = done(await sb.rpc('article_slug_taken', { p_slug: 'anything' }));

  // read-only rows of the account
  out['article_generations.select'] = count(
    await sb.from('article_generations').select('id').eq('id', ids.generation),
  );
  out['subscriptions.select'] = count(await sb.from('subscriptions').select('id').eq('id', ids.subscription));
  out['stripe_customers.select'] = count(
    await sb.from('stripe_customers').select('user_id').eq('user_id', owner.id),
  );
  out['consultations.select'] = count(await sb.from('consultations').select('id').eq('id', ids.consultation));
  out['contact_messages.select'] = count(
    await sb.from('contact_messages').select('id').eq('id', ids.message),
  );
  out['eboard_submissions.select'] = count(
    await sb.from('eboard_submissions').select('id').eq('id', ids.entry),
  );
  // An entry is deleted through moderate-eboard only (it removes the picture too): misuse/uploads.test.ts.

  // the profile: public to read, the owner's to change
  out['profiles.select'] = count(await sb.from('profiles').select('id').eq('id', owner.id));
  await sb.from('profiles').update({ full_name: 'Changed Name' }).eq('id', owner.id);
  out['profiles.update'] = await exists(
    `select 1 from public.profiles where id = $1 and full_name = 'Changed Name'`,
    [owner.id],
  );

  // files
  const files = sb.storage;
  out['poster-images.list'] = some(await files.from('poster-images').list(owner.id));
  out['poster-images.download'] = done(await files.from('poster-images').download(`${owner.id}/seed.png`));
  out['poster-images.upload'] = done(
    await files
      .from('poster-images')
      .upload(`${owner.id}/${randomUUID()}.png`, PNG, { contentType: 'image/png' }),
  );
  await files.from('poster-images').remove([`${owner.id}/seed.png`]);
  out['poster-images.remove'] = await exists(
    `select 1 from storage.objects where bucket_id = 'poster-images' and name = $1`,
    [`${owner.id}/seed.png`],
  ).then((r) => (r === 'ok' ? 'refused' : 'ok'));
  out['avatars.list'] = some(await files.from('avatars').list(owner.id));
  out['avatars.upload'] = done(
    await files.from('avatars').upload(`${owner.id}/${randomUUID()}.png`, PNG, { contentType: 'image/png' }),
  );
  out['article-images.upload'] = done(
    await files
      .from('article-images')
      .upload(`${owner.id}/${randomUUID()}.png`, PNG, { contentType: 'image/png' }),
  );
  out['article-images.download'] = done(await files.from('article-images').download(`${owner.id}/seed.png`));
  await files.from('article-images').remove([`${owner.id}/seed.png`]);
  out['article-images.remove'] = await exists(
    `select 1 from storage.objects where bucket_id = 'article-images' and name = $1`,
    [`${owner.id}/seed.png`],
  ).then((r) => (r === 'ok' ? 'refused' : 'ok'));
  return out;
}

const allowed = {
  'posters.select': 1,
  'posters.insert': 'ok',
  'posters.update': 'ok',
  'poster_scans.select': 1,
  'posters.delete': 'ok',
  'articles.select draft': 1,
  'articles.select published': 1,
  'articles.insert': 'ok',
  'articles.update draft': 'ok',
  'articles.update published': 'ok',
  'articles.delete published': 'ok',
  article_slug_taken: 'ok',
  'article_generations.select': 1,
  'subscriptions.select': 1,
  'stripe_customers.select': 1,
  'consultations.select': 1,
  'contact_messages.select': 1,
  'eboard_submissions.select': 1,
  'profiles.select': 1,
  'profiles.update': 'ok',
  'poster-images.list': 1,
  'poster-images.download': 'ok',
  'poster-images.upload': 'ok',
  'poster-images.remove': 'ok',
  'avatars.list': 1,
  'avatars.upload': 'ok',
  'article-images.upload': 'ok',
  'article-images.download': 'ok',
  'article-images.remove': 'ok',
};

// What a password-only session of a user with a verified factor keeps: what a visitor may read, nothing else.
const visitorOnly = {
  ...allowed,
  'posters.select': 0,
  'posters.insert': 'refused',
  'posters.update': 'refused',
  'poster_scans.select': 0,
  'posters.delete': 'refused',
  'articles.select draft': 0,
  'articles.insert': 'refused',
  'articles.update draft': 'refused',
  'articles.update published': 'refused',
  'articles.delete published': 'refused',
  article_slug_taken: 'refused',
  'article_generations.select': 0,
  'subscriptions.select': 0,
  'stripe_customers.select': 0,
  'consultations.select': 0,
  'contact_messages.select': 0,
  'eboard_submissions.select': 0,
  'profiles.update': 'refused',
  'poster-images.list': 0,
  'poster-images.download': 'refused',
  'poster-images.upload': 'refused',
  'poster-images.remove': 'refused',
  'avatars.list': 0,
  'avatars.upload': 'refused',
  'article-images.upload': 'refused',
  'article-images.remove': 'refused',
};

let guarded: Account;
let plain: Account;
let admin: Account;

beforeAll(async () => {
  b = await startTestBackend();
  guarded = await account({ factor: true });
  plain = await account();
  admin = await account({ factor: true, admin: true });
}, 180_000);
afterAll(async () => {
  await b?.stop();
});

describe('tables, files and RPC', () => {
  it('an aal1 session of a user with a verified factor reaches nothing of theirs, only what a visitor may read', async () => {
    expect(await matrix(guarded, guarded.aal1)).toEqual(visitorOnly);
  });

  it('the same user after the code (aal2) reads, writes and deletes their own data', async () => {
    expect(await matrix(guarded, guarded.aal2!)).toEqual(allowed);
  });

  it('a user without a factor is not affected: their aal1 session does everything', async () => {
    expect(await matrix(plain, plain.aal1)).toEqual(allowed);
  });

  it('public content reads the same for an aal1 session as for a visitor', async () => {
    const [published] = await q<{ id: string }>(
      `insert into public.articles (author_id, title, slug, content, status, published_at)
       values ($1, 'Public article', $2, 'x', 'published', now() - interval '1 hour') returning id`,
      [plain.id, `public-${randomUUID().slice(0, 8)}`],
    );
    for (const sb of [anonClient(b), as(guarded.aal1)]) {
      expect(count(await sb.from('articles').select('id').eq('id', published!.id))).toBe(1);
      expect(count(await sb.from('profiles').select('id').eq('id', plain.id))).toBe(1);
      expect((await sb.from('consultation_services').select('id')).error).toBeNull();
      expect((await sb.from('eboard_board').select('id')).error).toBeNull();
      expect((await sb.from('poster_template_catalog').select('id')).error).toBeNull();
    }
    const visitor = (await anonClient(b).from('consultation_services').select('id')).data!.length;
    expect((await as(guarded.aal1).from('consultation_services').select('id')).data).toHaveLength(visitor);
  });

  it('an administrator with a verified factor acts as administrator only after the code', async () => {
    const [note] = await q<{ id: string }>(
      `insert into public.contact_messages (name, email, message) values ('Visitor', 'v@example.test', 'Hi') returning id`,
    );
    const seen = async (token: string) => ({
      isAdmin: (await as(token).rpc('is_admin')).data,
      adminRow: count(await as(token).from('admin_users').select('user_id').eq('user_id', admin.id)),
      enquiries: count(await as(token).from('contact_messages').select('id').eq('id', note!.id)),
      status: await as(token)
        .from('contact_messages')
        .update({ status: 'contacted' })
        .eq('id', note!.id)
        .select('id')
        .then(count),
    });
    expect(await seen(admin.aal1)).toEqual({ isAdmin: false, adminRow: 0, enquiries: 0, status: 0 });
    expect(await seen(admin.aal2!)).toEqual({ isAdmin: true, adminRow: 1, enquiries: 1, status: 1 });
  });

  it('export_my_data refuses the aal1 session and answers the aal2 one', async () => {
    const refused = await as(guarded.aal1).rpc('export_my_data');
    expect(refused.error?.hint).toBe('insufficient_aal');
    expect((await as(guarded.aal2!).rpc('export_my_data')).error).toBeNull();
  });
});

describe('server functions', () => {
  const call = (name: string, token: string, body: unknown = {}, method = 'POST') =>
    fetch(`${b.url}/functions/v1/${name}`, {
      method,
      headers: { apikey: b.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });

  const refusal = { error: 'Enter the code from your authenticator app first.', code: 'insufficient_aal' };

  it('every function that acts for the caller refuses the aal1 session with 403 and a clear message', async () => {
    const cases: Array<[string, unknown, string?]> = [
      ['generate-article', {}, 'GET'],
      [
        'generate-article',
        {
          topic: 'Backups for small offices',
          audience: 'owners',
          tone: 'friendly',
          length: 'short',
          keywords: [],
          service: null,
        },
      ],
      ['delete-account', { confirmation: guarded.email }],
      ['create-checkout-session', { plan: 'monthly' }],
      ['create-portal-session', {}],
    ];
    for (const [name, body, method] of cases) {
      const res = await call(name, guarded.aal1, body, method);
      expect(`${name} ${method ?? 'POST'}: ${res.status}`).toBe(`${name} ${method ?? 'POST'}: 403`);
      expect(await res.json()).toEqual(refusal);
    }
    const moderation = await call('moderate-eboard', admin.aal1, { ids: [randomUUID()], action: 'approve' });
    expect(moderation.status).toBe(403);
    expect(await moderation.json()).toMatchObject(refusal);
    // An administrator's booking changes (move, cancel) from the dashboard: refused, the booking as it was.
    const [booking] = await q<{ id: string }>(
      `insert into public.consultations (name, email, status, preferred_start, preferred_end, held_from, held_until)
       values ('Isla Mackay', 'isla@example.test', 'scheduled', '2031-05-06T10:00Z', '2031-05-06T11:00Z',
               '2031-05-06T10:00Z', '2031-05-06T11:00Z') returning id`,
    );
    for (const change of [
      { action: 'cancel', reason: 'The engineer is ill.' },
      { action: 'reschedule', start: '2031-05-07T10:00:00Z', reason: 'The engineer is ill.' },
    ]) {
      const res = await call('manage-booking', admin.aal1, { id: booking!.id, ...change });
      expect(`manage-booking ${change.action}: ${res.status}`).toBe(`manage-booking ${change.action}: 403`);
      expect(await res.json()).toMatchObject(refusal);
    }
    expect(
      await q('select status, preferred_start from public.consultations where id = $1', [booking!.id]),
    ).toEqual([{ status: 'scheduled', preferred_start: new Date('2031-05-06T10:00Z') }]);
    // Nothing happened: the account is still there.
    expect(await q('select 1 from auth.users where id = $1', [guarded.id])).toHaveLength(1);
  });

  it('a public form sent with the aal1 session is taken as from a visitor: stored, not linked to the account', async () => {
    const res = await call('submit-contact', guarded.aal1, {
      name: 'Morag Gunn',
      email: guarded.email,
      subject: 'Backups',
      message: 'Please call me about backups for the croft.',
    });
    expect(res.status).toBe(201);
    const stored = await q<{ user_id: string | null }>(
      `select user_id from public.contact_messages where subject = 'Backups' and email = $1`,
      [guarded.email],
    );
    expect(stored).toEqual([{ user_id: null }]);
  });

  it('the aal2 session and a user without a factor get past the check', async () => {
    for (const token of [guarded.aal2!, plain.aal1]) {
      const res = await call('generate-article', token, {}, 'GET');
      expect(res.status).toBe(200);
      const checkout = await call('create-checkout-session', token, { plan: 'monthly' });
      expect(checkout.status).not.toBe(403);
    }
  });
});
