// No silent overwrite: every article row carries a version the database bumps on each update, and a save based on a
// version that is no longer the current one is refused by the database (HTTP 409) and changes nothing — two tabs of
// the author, an author and an administrator, or a raw REST call. A save that names no version works as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ArticleError,
  createArticle,
  publishArticle,
  readArticle,
  scheduleArticle,
  unpublishArticle,
  updateArticle,
  type Article,
} from '@pentland/articles';
import { signedIn, type SignedInUser } from '../misuse/session.ts';

let b: TestBackend;
let author: SignedInUser;
/** A second session of the same author: another tab, another device. */
let secondTab: SupabaseClient;
let admin: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  author = await signedIn(b, { prefix: 'author' });
  secondTab = anonClient(b);
  const second = await secondTab.auth.signInWithPassword({ email: author.email, password: author.password });
  if (second.error) throw second.error;
  admin = await signedIn(b, { admin: true });
  stranger = await signedIn(b);
});
afterAll(async () => {
  await b?.stop();
});

/** The row as stored (read past RLS). */
async function stored(id: string) {
  const { rows } = await b.db.query<{ title: string; content: string; version: number; updated_at: Date }>(
    'select title, content, version, updated_at from public.articles where id = $1',
    [id],
  );
  return rows[0]!;
}

/** A PATCH of one article straight through REST with a user's token. */
function patch(token: string, id: string, body: Record<string, unknown>) {
  return fetch(`${b.url}/rest/v1/articles?id=eq.${id}`, {
    method: 'PATCH',
    headers: {
      apikey: b.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify(body),
  });
}

async function conflictOf(save: Promise<Article>): Promise<ArticleError> {
  const err = await save.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArticleError);
  expect(err).toMatchObject({ code: 'conflict' });
  expect((err as ArticleError).message).toMatch(/changed .*since you opened it/);
  return err as ArticleError;
}

describe('an article’s version', () => {
  it('starts at 1, whatever an insert says, and every update bumps it', async () => {
    const { data, error } = await author.client
      .from('articles')
      .insert({ title: 'Versioned', slug: 'versioned', content: '', version: 42 })
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(data.version).toBe(1);
    const edited = await updateArticle(author.client, data.id, { title: 'Versioned once' });
    expect(edited.version).toBe(2);
    expect((await publishArticle(author.client, data.id)).version).toBe(3);
  });
});

describe('a save based on a stale version', () => {
  it('two tabs of the author: the second save is refused and changes nothing', async () => {
    const article = await createArticle(author.client, { title: 'Two tabs', content: '<p>First</p>' });
    const inSecondTab = (await readArticle(secondTab, article.id))!;
    expect(inSecondTab.version).toBe(article.version);

    const saved = await updateArticle(author.client, article.id, {
      content: '<p>From the first tab</p>',
      version: article.version,
    });
    expect(saved.version).toBe(article.version + 1);
    const before = await stored(article.id);

    await conflictOf(
      updateArticle(secondTab, article.id, {
        content: '<p>From the second tab</p>',
        version: inSecondTab.version,
      }),
    );
    expect(await stored(article.id)).toEqual(before);

    // Reloaded, the second tab saves on top of the first one's work.
    const reloaded = (await readArticle(secondTab, article.id))!;
    const again = await updateArticle(secondTab, article.id, {
      content: `${reloaded.content}<p>And the second</p>`,
      version: reloaded.version,
    });
    expect(again).toMatchObject({
      content: '<p>From the first tab</p><p>And the second</p>',
      version: saved.version + 1,
    });
  });

  it('the author after an administrator’s edit: refused; the administrator’s edit stays', async () => {
    const article = await createArticle(author.client, { title: 'Moderated later' });
    const edited = await updateArticle(admin.client, article.id, {
      title: 'Moderated by an administrator',
      version: article.version,
    });
    expect(edited).toMatchObject({ author_id: author.id, version: article.version + 1 });
    await conflictOf(
      updateArticle(author.client, article.id, { title: 'Mine again', version: article.version }),
    );
    expect((await stored(article.id)).title).toBe('Moderated by an administrator');
    // And the other way round.
    const mine = await updateArticle(author.client, article.id, {
      title: 'Mine again',
      version: edited.version,
    });
    await conflictOf(
      updateArticle(admin.client, article.id, { title: 'Overruled', version: edited.version }),
    );
    expect(await stored(article.id)).toMatchObject({ title: 'Mine again', version: mine.version });
  });

  it('raw REST: 409 with a clear message and the row unchanged; the current version saves and bumps', async () => {
    const article = await createArticle(author.client, { title: 'Raw', content: '<p>Kept</p>' });
    await updateArticle(author.client, article.id, { excerpt: 'moved on' });
    const before = await stored(article.id);
    expect(before.version).toBe(article.version + 1);

    for (const version of [article.version, before.version + 1, null]) {
      const res = await patch(author.token, article.id, { content: '<p>Overwritten</p>', version });
      expect(res.status).toBe(409);
      const body = (await res.json()) as { code: string; message: string; hint: string };
      expect(body).toMatchObject({ code: 'PT409', hint: 'stale_version' });
      expect(body.message).toMatch(/changed .*since you opened it/);
      expect(await stored(article.id)).toEqual(before);
    }
    // A version that is no number is a bad request, not a server error.
    const bad = await patch(author.token, article.id, { content: '<p>Overwritten</p>', version: 'latest' });
    expect(bad.status).toBe(400);
    expect(await stored(article.id)).toEqual(before);

    const fresh = await patch(author.token, article.id, { content: '<p>Saved</p>', version: before.version });
    expect(fresh.status).toBe(200);
    const [row] = (await fresh.json()) as Article[];
    expect(row).toMatchObject({ content: '<p>Saved</p>', version: before.version + 1 });
  });

  it('another user learns nothing: not found, whatever the version', async () => {
    const article = await createArticle(author.client, { title: 'Private draft' });
    await expect(
      updateArticle(stranger.client, article.id, { title: 'Taken', version: article.version }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      updateArticle(stranger.client, article.id, { title: 'Taken', version: article.version + 5 }),
    ).rejects.toMatchObject({ code: 'not-found' });
    expect(await stored(article.id)).toMatchObject({ title: 'Private draft', version: article.version });
  });

  it('publish, unpublish and schedule based on a stale version: refused, the article unchanged', async () => {
    const article = await createArticle(author.client, { title: 'Published from a stale tab' });
    const edited = await updateArticle(secondTab, article.id, {
      content: '<p>Changed in the other tab</p>',
      version: article.version,
    });
    const before = await stored(article.id);
    await conflictOf(publishArticle(author.client, article.id, { version: article.version }));
    await conflictOf(
      scheduleArticle(author.client, article.id, new Date(Date.now() + 3_600_000), {
        version: article.version,
      }),
    );
    await conflictOf(unpublishArticle(author.client, article.id, { version: article.version }));
    expect(await stored(article.id)).toEqual(before);
    // Based on the current version they go through, each returning the next one.
    const published = await publishArticle(author.client, article.id, { version: edited.version });
    expect(published).toMatchObject({ status: 'published', version: edited.version + 1 });
    const back = await unpublishArticle(author.client, article.id, { version: published.version });
    expect(back).toMatchObject({ status: 'draft', version: published.version + 1 });
  });

  it('a save that names no version still works (last write wins, as before)', async () => {
    const article = await createArticle(author.client, { title: 'Unversioned saves' });
    await updateArticle(author.client, article.id, { title: 'Saved from one tab' });
    const second = await updateArticle(secondTab, article.id, { title: 'Saved from the other' });
    expect(second).toMatchObject({ title: 'Saved from the other', version: article.version + 2 });
  });
});
