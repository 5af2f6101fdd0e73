// The profile's server side through the real supabase-js against the local backend: the avatars bucket's policies,
// the public profile following the account, export_my_data() and the delete-account function, and what Auth refuses
// (an e-mail address in use, unlinking the only sign-in method) — whatever a browser would show.
import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { avatarObjectPath, isDataExport, type DataExport } from '@pentland/account';
import { backend, signedInUser, supabaseClient, testSql, uniqueEmail, type SignedInUser } from './helpers.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const avatars = (c: SupabaseClient) => c.storage.from('avatars');
const publicUrl = (path: string) => `${backend().url}/storage/v1/object/public/avatars/${path}`;

async function uploadAvatar(u: SignedInUser): Promise<string> {
  const path = avatarObjectPath(u.id, 'image/png');
  const { error } = await avatars(u.client).upload(path, png, {
    contentType: 'image/png',
    cacheControl: '3600',
  });
  expect(error).toBeNull();
  return path;
}

/** Turns on two-factor authentication for a user; returns a code generator. The session is then aal2. */
async function enrolTotp(u: SignedInUser): Promise<{ factorId: string; code: () => string }> {
  const enrolled = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(enrolled.error).toBeNull();
  const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data!.totp.secret), digits: 6, period: 30 });
  const factorId = enrolled.data!.id;
  const verified = await u.client.auth.mfa.challengeAndVerify({ factorId, code: totp.generate() });
  expect(verified.error).toBeNull();
  return { factorId, code: () => totp.generate() };
}

async function deleteAccount(
  token: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { url, anonKey } = backend();
  const res = await fetch(`${url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const tokenOf = async (u: SignedInUser) => (await u.client.auth.getSession()).data.session!.access_token;
const userExists = async (id: string) =>
  (await testSql('select 1 from auth.users where id = $1', [id])).length === 1;

let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedInUser('avatar-owner'), signedInUser('avatar-other')]);
});

describe('avatars bucket', () => {
  it('is public to view; only the owner adds, lists, replaces or removes files in their folder', async () => {
    const path = await uploadAvatar(owner);
    const shown = await fetch(publicUrl(path));
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(png);

    expect((await avatars(owner.client).list(owner.id)).data?.map((f) => f.name)).toEqual([
      path.split('/')[1],
    ]);
    // Nobody else lists the folder, writes into it, replaces or removes its files.
    expect((await avatars(other.client).list(owner.id)).data).toEqual([]);
    expect((await avatars(supabaseClient()).list(owner.id)).data).toEqual([]);
    const planted = await avatars(other.client).upload(`${owner.id}/avatar-planted.png`, png, {
      contentType: 'image/png',
    });
    expect(planted.error).not.toBeNull();
    const replaced = await avatars(other.client).upload(path, Buffer.from('not a png'), {
      contentType: 'image/png',
      upsert: true,
    });
    expect(replaced.error).not.toBeNull();
    await avatars(other.client).remove([path]);
    const anonymous = await avatars(supabaseClient()).upload(`${owner.id}/avatar-anon.png`, png, {
      contentType: 'image/png',
    });
    expect(anonymous.error).not.toBeNull();
    expect(Buffer.from(await (await fetch(publicUrl(path))).arrayBuffer())).toEqual(png);
    expect(
      await testSql('select name from storage.objects where bucket_id = $1 and name like $2', [
        'avatars',
        `${owner.id}/%`,
      ]),
    ).toEqual([{ name: path }]);

    // The owner cannot overwrite by accident either (no upsert), and removes their own file.
    expect(
      (await avatars(owner.client).upload(path, png, { contentType: 'image/png' })).error,
    ).not.toBeNull();
    expect((await avatars(owner.client).remove([path])).error).toBeNull();
    expect((await fetch(publicUrl(path))).status).not.toBe(200);
  });

  it('takes pictures only, of at most 1 MB, and stores nothing else', async () => {
    const text = await avatars(owner.client).upload(`${owner.id}/avatar-notes.png`, Buffer.from('hello'), {
      contentType: 'text/plain',
    });
    expect(text.error).not.toBeNull();
    const svg = await avatars(owner.client).upload(`${owner.id}/avatar-x.svg`, Buffer.from('<svg/>'), {
      contentType: 'image/svg+xml',
    });
    expect(svg.error).not.toBeNull();
    const big = await avatars(owner.client).upload(
      `${owner.id}/avatar-big.jpg`,
      Buffer.alloc(1024 * 1024 + 1),
      {
        contentType: 'image/jpeg',
      },
    );
    expect(big.error).not.toBeNull();
    expect((await avatars(owner.client).list(owner.id)).data).toEqual([]);
  });
});

describe('the public profile follows the account', () => {
  const profile = async (id: string) =>
    (
      await testSql<{ full_name: string | null; avatar_url: string | null }>(
        'select full_name, avatar_url from public.profiles where id = $1',
        [id],
      )
    )[0];

  it("takes the name and the user's own picture from updateUser, and never another address", async () => {
    const u = await signedInUser('profile-sync');
    expect((await u.client.auth.updateUser({ data: { full_name: '  Morag Sutherland ' } })).error).toBeNull();
    expect(await profile(u.id)).toEqual({ full_name: 'Morag Sutherland', avatar_url: null });
    // The session's user carries the new name at once (the display name comes from it).
    expect((await u.client.auth.getUser()).data.user?.user_metadata.full_name).toBe('  Morag Sutherland ');

    const path = await uploadAvatar(u);
    await u.client.auth.updateUser({ data: { avatar_url: publicUrl(path) } });
    expect(await profile(u.id)).toEqual({ full_name: 'Morag Sutherland', avatar_url: publicUrl(path) });

    // Someone else's picture or any other address is not taken into the public profile.
    const foreign = await uploadAvatar(other);
    for (const url of [publicUrl(foreign), 'https://tracker.example/pixel.gif', 'javascript:alert(1)']) {
      await u.client.auth.updateUser({ data: { avatar_url: url } });
      expect((await profile(u.id))!.avatar_url).toBe(publicUrl(path));
    }
    // Nor can the user write it into the profile directly.
    const direct = await u.client
      .from('profiles')
      .update({ avatar_url: 'javascript:alert(1)' })
      .eq('id', u.id);
    expect(direct.error?.code).toBe('23514');

    await u.client.auth.updateUser({ data: { avatar_url: null } });
    expect((await profile(u.id))!.avatar_url).toBeNull();
  });
});

describe('export_my_data()', () => {
  it('refuses visitors', async () => {
    const { error } = await supabaseClient().rpc('export_my_data');
    expect(error).not.toBeNull();
  });

  it('holds the account, profile, content, scans, enquiries, subscriptions and files, and no secrets', async () => {
    const u = await signedInUser('export');
    await u.client.auth.updateUser({ data: { full_name: 'Export Person' } });
    const { data: article } = await u.client
      .from('articles')
      .insert({ title: 'Harbour notes', slug: `harbour-notes-${Date.now()}`, content: '<p>Draft</p>' })
      .select('id')
      .single();
    const { data: poster } = await u.client.from('posters').insert({ title: 'Gala' }).select('id').single();
    const hash = 'a'.repeat(64);
    await testSql(
      `insert into public.poster_scans (poster_id, scanned_at, landing, source, visitor_hash, user_agent) values
         ($1, now() - interval '45 days', '/qr-welcome', 'poster', $2, 'Old'),
         ($1, now() - interval '1 day', '/qr-welcome', 'poster', $2, 'Recent')`,
      [poster!.id, hash],
    );
    // A request sent while signed out from the account's own address belongs to the export too; another's does not.
    await testSql(
      `insert into public.consultations (name, email, message) values ('Export Person', $1, 'Signed out'),
                                                                        ('Someone', $2, 'Not mine')`,
      [u.email.toUpperCase(), uniqueEmail('stranger')],
    );
    await uploadAvatar(u);

    const { data, error } = await u.client.rpc('export_my_data');
    expect(error).toBeNull();
    expect(isDataExport(data)).toBe(true);
    const exported = data as DataExport;
    expect(exported.account).toMatchObject({ id: u.id, email: u.email, administrator: false });
    expect(exported.account.identities.map((i) => i.provider)).toEqual(['email']);
    expect(exported.profile).toMatchObject({ id: u.id, full_name: 'Export Person' });
    expect((exported.articles as Array<{ id: string }>).map((a) => a.id)).toEqual([article!.id]);
    expect((exported.posters as Array<{ id: string }>).map((p) => p.id)).toEqual([poster!.id]);
    // Without premium, scans of the last 30 days (as analytics shows); never who scanned.
    expect(exported.poster_scans_from).not.toBeNull();
    expect(exported.poster_scans as unknown[]).toHaveLength(1);
    expect((exported.consultations as Array<{ message: string }>).map((c) => c.message)).toEqual([
      'Signed out',
    ]);
    expect((exported.files as Array<{ bucket: string }>).map((f) => f.bucket)).toEqual(['avatars']);
    const text = JSON.stringify(exported);
    for (const secret of ['encrypted_password', 'visitor_hash', hash, 'Recent', 'secret', 'admin_notes']) {
      expect(text).not.toContain(secret);
    }
    // Nobody can ask for another user's data: the function takes no argument and answers the caller's own.
    const theirs = await other.client.rpc('export_my_data');
    expect((theirs.data as DataExport).account.id).toBe(other.id);
    expect(JSON.stringify(theirs.data)).not.toContain(u.email);
  });

  it('asks a user with two-factor authentication to have passed it in the session', async () => {
    const u = await signedInUser('export-mfa');
    await enrolTotp(u);
    expect((await u.client.rpc('export_my_data')).error).toBeNull();
    const aal1 = supabaseClient();
    await aal1.auth.signInWithPassword({ email: u.email, password: u.password });
    const refused = await aal1.rpc('export_my_data');
    expect(refused.error?.hint).toBe('insufficient_aal');
  });
});

describe('delete-account', () => {
  it('refuses without a signed-in caller, a wrong confirmation or a bad body, changing nothing', async () => {
    const u = await signedInUser('delete-refused');
    expect((await deleteAccount(backend().anonKey, { confirmation: u.email })).status).toBe(401);
    const token = await tokenOf(u);
    const wrong = await deleteAccount(token, { confirmation: other.email });
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'Type your e-mail address exactly as shown to confirm.' },
    });
    expect((await deleteAccount(token, { confirmation: u.email, keepArticles: 'yes' })).status).toBe(400);
    expect(await userExists(u.id)).toBe(true);
  });

  it('deletes only the caller, whoever a body field names', async () => {
    const victim = await signedInUser('delete-victim');
    const caller = await signedInUser('delete-caller');
    const res = await deleteAccount(await tokenOf(caller), {
      confirmation: caller.email,
      userId: victim.id,
      user_id: victim.id,
      email: victim.email,
    });
    expect(res).toEqual({ status: 200, body: { deleted: true, keptArticles: 0 } });
    expect(await userExists(caller.id)).toBe(false);
    expect(await userExists(victim.id)).toBe(true);
  });

  it('asks for the second factor, and for a renewing subscription to be cancelled first', async () => {
    const u = await signedInUser('delete-guarded');
    await enrolTotp(u);
    const aal1 = supabaseClient();
    await aal1.auth.signInWithPassword({ email: u.email, password: u.password });
    const token1 = (await aal1.auth.getSession()).data.session!.access_token;
    expect(await deleteAccount(token1, { confirmation: u.email })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_aal' },
    });

    await testSql(
      `insert into public.subscriptions (user_id, status, current_period_end) values ($1, 'active', now() + interval '20 days')`,
      [u.id],
    );
    expect(await deleteAccount(await tokenOf(u), { confirmation: u.email })).toMatchObject({
      status: 409,
      body: { code: 'subscription_active' },
    });
    expect(await userExists(u.id)).toBe(true);
    // Once set to end with the period, nothing more will be charged: the account can go.
    await testSql('update public.subscriptions set cancel_at_period_end = true where user_id = $1', [u.id]);
    expect((await deleteAccount(await tokenOf(u), { confirmation: u.email })).status).toBe(200);
    expect(await userExists(u.id)).toBe(false);
  });

  it('removes content and files; published articles may stay without an author, with their images', async () => {
    const u = await signedInUser('delete-all');
    const avatar = await uploadAvatar(u);
    const image = `${u.id}-${Date.now()}.png`;
    expect(
      (await u.client.storage.from('article-images').upload(image, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    const imageUrl = `${backend().url}/storage/v1/object/public/article-images/${image}`;
    const stamp = Date.now();
    const { data: published } = await u.client
      .from('articles')
      .insert({
        title: 'Kept',
        slug: `kept-${stamp}`,
        content: `<p><img src="${imageUrl}"></p>`,
        status: 'published',
      })
      .select('id')
      .single();
    const { data: draft } = await u.client
      .from('articles')
      .insert({ title: 'Draft', slug: `draft-${stamp}` })
      .select('id')
      .single();
    const { data: poster } = await u.client.from('posters').insert({ title: 'Gone' }).select('id').single();
    const posterImage = `${u.id}/poster-${stamp}.png`;
    await u.client.storage.from('poster-images').upload(posterImage, png, { contentType: 'image/png' });

    const res = await deleteAccount(await tokenOf(u), {
      confirmation: ` ${u.email.toUpperCase()} `,
      keepArticles: true,
    });
    expect(res).toEqual({ status: 200, body: { deleted: true, keptArticles: 1 } });

    expect(await userExists(u.id)).toBe(false);
    expect(await testSql('select 1 from public.profiles where id = $1', [u.id])).toEqual([]);
    expect(await testSql('select 1 from public.posters where id = $1', [poster!.id])).toEqual([]);
    expect(await testSql('select 1 from public.articles where id = $1', [draft!.id])).toEqual([]);
    expect(
      await testSql('select author_id, status from public.articles where id = $1', [published!.id]),
    ).toEqual([{ author_id: null, status: 'published' }]);
    // The kept article still reads publicly, with its image; everything else the user stored is gone.
    const read = await supabaseClient()
      .from('articles')
      .select('id, author:profiles(full_name)')
      .eq('id', published!.id);
    expect(read.data).toEqual([{ id: published!.id, author: null }]);
    expect((await fetch(imageUrl)).status).toBe(200);
    expect((await fetch(publicUrl(avatar))).status).not.toBe(200);
    expect(
      await testSql(
        `select bucket_id, name from storage.objects where owner_id = $1 or name like $2 order by bucket_id`,
        [u.id, `${u.id}/%`],
      ),
    ).toEqual([{ bucket_id: 'article-images', name: image }]);
    // The session ended with the account.
    expect((await u.client.auth.getUser()).error).not.toBeNull();
    const again = await supabaseClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(again.error?.code).toBe('invalid_credentials');
  });

  it('without keeping articles, every article goes', async () => {
    const u = await signedInUser('delete-articles');
    const { data: published } = await u.client
      .from('articles')
      .insert({ title: 'Public', slug: `public-${Date.now()}`, status: 'published' })
      .select('id')
      .single();
    expect((await deleteAccount(await tokenOf(u), { confirmation: u.email })).status).toBe(200);
    expect(await testSql('select 1 from public.articles where id = $1', [published!.id])).toEqual([]);
  });
});

describe('what Auth refuses on the profile', () => {
  it('an e-mail change to an address in use: a clear error and nothing changed', async () => {
    const u = await signedInUser('email-taken');
    const { error } = await u.client.auth.updateUser({ email: other.email });
    expect(error?.code).toBe('email_exists');
    const [row] = await testSql<{ email: string; email_change: string | null }>(
      'select email, email_change from auth.users where id = $1',
      [u.id],
    );
    expect(row).toEqual({ email: u.email, email_change: null });
  });

  it('unlinking the only sign-in method', async () => {
    const u = await signedInUser('last-identity');
    const { data } = await u.client.auth.getUserIdentities();
    expect(data!.identities).toHaveLength(1);
    const { error } = await u.client.auth.unlinkIdentity(data!.identities[0]!);
    expect(error?.code).toBe('single_identity_not_deletable');
    expect((await u.client.auth.getUserIdentities()).data!.identities).toHaveLength(1);
  });
});
