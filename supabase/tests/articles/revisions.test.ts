// An article's revision history, written by the database: every content change and every publish or unpublish is
// a revision no client can skip or forge; only the article's author and administrators read them (never anon or
// another user, even when the article is published); a restore is a new revision, refused for another user's
// revision. Tried from outside with the anon key, another user's token and the author's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';
import {
  createArticle,
  listRevisions,
  publishArticle,
  readRevisions,
  restoreRevision,
  unpublishArticle,
  updateArticle,
  type ArticleRevision,
} from '@pentland/articles';
import { signedIn, type SignedInUser } from '../misuse/session.ts';

let b: TestBackend;
let author: SignedInUser;
let admin: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  author = await signedIn(b, { prefix: 'author' });
  admin = await signedIn(b, { admin: true });
  stranger = await signedIn(b);
});
afterAll(async () => {
  await b?.stop();
});

/** The article's revisions as stored (read past RLS), oldest first. */
async function storedRevisions(articleId: string) {
  const { rows } = await b.db.query<{ id: string; kind: string; changed: string[]; saves: number }>(
    'select id, kind, changed, saves from public.article_revisions where article_id = $1 order by id',
    [articleId],
  );
  return rows;
}

/** Moves the article's revisions back in time, as if the author had paused for longer than the coalescing window. */
async function later(articleId: string) {
  await b.db.query(
    `update public.article_revisions set created_at = created_at - interval '11 minutes' where article_id = $1`,
    [articleId],
  );
}

async function storedArticle(id: string) {
  const { rows } = await b.db.query<{ title: string; content: string; version: number }>(
    'select title, content, version from public.articles where id = $1',
    [id],
  );
  return rows[0]!;
}

function rest(path: string, token: string | null, init: RequestInit = {}) {
  return fetch(`${b.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: b.anonKey,
      authorization: `Bearer ${token ?? b.anonKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...init.headers,
    },
  });
}

describe('what the database records', () => {
  it('create, edits (coalesced within minutes), publish, unpublish; a save that changes nothing records nothing', async () => {
    const article = await createArticle(author.client, { title: 'History', content: '<p>One</p>' });
    let a = await updateArticle(author.client, article.id, { content: '<p>One two</p>' });
    a = await updateArticle(author.client, article.id, { title: 'History, again', tags: ['cloud'] });
    // Same values, only updated_at: nothing a reader sees changed.
    await updateArticle(author.client, article.id, { title: 'History, again' });
    await later(article.id);
    a = await updateArticle(author.client, article.id, { excerpt: 'Later' });
    a = await publishArticle(author.client, article.id, { version: a.version });
    a = await unpublishArticle(author.client, article.id, { version: a.version });

    expect(await storedRevisions(article.id)).toEqual([
      expect.objectContaining({ kind: 'create', saves: 1 }),
      expect.objectContaining({ kind: 'edit', changed: ['content', 'tags', 'title'], saves: 2 }),
      expect.objectContaining({ kind: 'edit', changed: ['excerpt'], saves: 1 }),
      expect.objectContaining({ kind: 'publish', changed: ['status', 'published_at'] }),
      expect.objectContaining({ kind: 'unpublish', changed: ['status', 'published_at'] }),
    ]);

    const listed = await listRevisions(author.client, article.id);
    expect(listed.map((r) => r.kind)).toEqual(['unpublish', 'publish', 'edit', 'edit', 'create']);
    expect(listed[0]).toMatchObject({ editor_id: author.id, version: a.version, status: 'draft' });
    const [edit] = await readRevisions(author.client, [listed[3]!.id]);
    expect(edit).toMatchObject({ title: 'History, again', content: '<p>One two</p>', tags: ['cloud'] });
  });

  it('another author’s edits, and an administrator’s, are revisions of their own', async () => {
    const article = await createArticle(author.client, { title: 'Shared', content: '<p>Mine</p>' });
    await updateArticle(author.client, article.id, { content: '<p>Mine, edited</p>' });
    await updateArticle(admin.client, article.id, { content: '<p>Moderated</p>' });
    const listed = await listRevisions(admin.client, article.id);
    expect(listed.map((r) => [r.kind, r.editor_id])).toEqual([
      ['edit', admin.id],
      ['edit', author.id],
      ['create', author.id],
    ]);
  });
});

describe('who reads revisions', () => {
  let published: string;
  beforeAll(async () => {
    const article = await createArticle(author.client, {
      title: 'Public article',
      content: '<p>Secret draft</p>',
    });
    await updateArticle(author.client, article.id, { content: '<p>Public text</p>' });
    await publishArticle(author.client, article.id);
    published = article.id;
  });

  it('the author and an administrator do', async () => {
    expect((await listRevisions(author.client, published)).length).toBe(3);
    expect((await listRevisions(admin.client, published)).length).toBe(3);
  });

  it('anon does not, even for a published article: 401, no rows', async () => {
    for (const path of [
      `article_revisions?article_id=eq.${published}`,
      'article_revision_bodies?select=content',
    ]) {
      const res = await rest(path, null);
      expect(res.status).toBe(401);
    }
  });

  it('another user does not, even for a published article: no rows', async () => {
    expect(await listRevisions(stranger.client, published)).toEqual([]);
    const res = await rest(`article_revision_bodies?article_id=eq.${published}`, stranger.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('no one writes them through REST, not even the author: refused, nothing changed', async () => {
    const [latest] = await listRevisions(author.client, published);
    const before = await storedRevisions(published);
    const forged = await rest('article_revisions', author.token, {
      method: 'POST',
      body: JSON.stringify({ ...latest, id: undefined, editor: undefined, kind: 'restore' }),
    });
    expect([401, 403]).toContain(forged.status);
    const edited = await rest(`article_revisions?id=eq.${latest!.id}`, author.token, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Rewritten history' }),
    });
    expect([401, 403]).toContain(edited.status);
    const removed = await rest(`article_revisions?article_id=eq.${published}`, author.token, {
      method: 'DELETE',
    });
    expect([401, 403]).toContain(removed.status);
    const bodies = await rest('article_revision_bodies', author.token, {
      method: 'POST',
      body: JSON.stringify({ article_id: published, hash: 'x', content: 'forged' }),
    });
    expect([401, 403]).toContain(bodies.status);
    expect(await storedRevisions(published)).toEqual(before);
  });
});

describe('restoring a revision', () => {
  it('puts the old content back as a new "restore" revision; the publication state stays', async () => {
    const article = await createArticle(author.client, {
      title: 'Restorable',
      content: '<p>The first words</p>',
      tags: ['first'],
    });
    await later(article.id);
    await updateArticle(author.client, article.id, {
      title: 'Restorable, rewritten',
      content: '<p>Other words</p>',
      tags: ['second'],
    });
    const published = await publishArticle(author.client, article.id);
    const first = (await listRevisions(author.client, article.id)).at(-1)!;
    expect(first.kind).toBe('create');

    const restored = await restoreRevision(author.client, first.id, { version: published.version });
    expect(restored).toMatchObject({
      title: 'Restorable',
      content: '<p>The first words</p>',
      tags: ['first'],
      status: 'published',
      version: published.version + 1,
    });
    expect(await storedArticle(article.id)).toMatchObject({
      title: 'Restorable',
      content: '<p>The first words</p>',
    });
    const [latest] = await listRevisions(author.client, article.id);
    expect(latest).toMatchObject<Partial<ArticleRevision>>({
      kind: 'restore',
      restored_from: first.id,
      editor_id: author.id,
      changed: ['title', 'content', 'tags'],
    });
    // The restored text is stored once for both revisions.
    const { rows } = await b.db.query('select 1 from public.article_revision_bodies where article_id = $1', [
      article.id,
    ]);
    expect(rows.length).toBe(2);
  });

  it('another user’s revision: refused as not found, with the anon key too; nothing changes', async () => {
    const article = await createArticle(author.client, { title: 'Not yours', content: '<p>Original</p>' });
    await updateArticle(author.client, article.id, { content: '<p>Current</p>' });
    const revisions = await listRevisions(author.client, article.id);
    const before = await storedArticle(article.id);

    await expect(restoreRevision(stranger.client, revisions.at(-1)!.id)).rejects.toMatchObject({
      code: 'not-found',
    });
    const anon = await rest('rpc/restore_article_revision', null, {
      method: 'POST',
      body: JSON.stringify({ p_revision: revisions.at(-1)!.id }),
    });
    expect(anon.status).toBe(401);
    const raw = await rest('rpc/restore_article_revision', stranger.token, {
      method: 'POST',
      body: JSON.stringify({ p_revision: revisions.at(-1)!.id }),
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ code: 'PT404', hint: 'revision_not_found' });
    expect(await storedArticle(article.id)).toEqual(before);
    expect((await listRevisions(author.client, article.id)).length).toBe(revisions.length);
  });

  it('a stale version is refused (409), an unknown or malformed revision is a clear error, never a 500', async () => {
    const article = await createArticle(author.client, { title: 'Stale restore', content: '<p>Old</p>' });
    const moved = await updateArticle(author.client, article.id, { content: '<p>New</p>' });
    const [, first] = await listRevisions(author.client, article.id);
    const before = await storedArticle(article.id);
    await expect(
      restoreRevision(author.client, first!.id, { version: moved.version - 1 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(restoreRevision(author.client, 999_999_999)).rejects.toMatchObject({ code: 'not-found' });
    const malformed = await rest('rpc/restore_article_revision', author.token, {
      method: 'POST',
      body: JSON.stringify({ p_revision: 'the first one' }),
    });
    expect(malformed.status).toBe(400);
    expect(await storedArticle(article.id)).toEqual(before);
  });

  it('an administrator may restore any article’s revision', async () => {
    const article = await createArticle(author.client, { title: 'Vandalised', content: '<p>Good text</p>' });
    await updateArticle(author.client, article.id, { content: '<p>Bad text</p>' });
    const first = (await listRevisions(admin.client, article.id)).at(-1)!;
    const restored = await restoreRevision(admin.client, first.id);
    expect(restored.content).toBe('<p>Good text</p>');
    expect((await listRevisions(author.client, article.id))[0]).toMatchObject({
      kind: 'restore',
      editor_id: admin.id,
    });
  });
});

describe('storage', () => {
  /** A realistic article: paragraphs of prose, about 6 kB of HTML. */
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Paragraph ${i}: backups of a small business in Caithness belong in two places, one of them off site, ` +
      `tested by restoring a file now and then; the cloud makes the second place cheap and the test easy.</p>`,
  );
  const sizeOf = async () => {
    const { rows } = await b.db.query<{ bytes: string }>(
      `select (pg_total_relation_size('public.article_revisions') + pg_total_relation_size('public.article_revision_bodies'))::text as bytes`,
    );
    return Number(rows[0]!.bytes);
  };

  it('200 revisions of one article: every one kept and readable, the texts compressed', async () => {
    const article = await createArticle(author.client, {
      title: 'Two hundred',
      content: paragraphs.join(''),
    });
    const before = await sizeOf();
    let raw = 0;
    for (let i = 1; i < 200; i++) {
      const content = paragraphs
        .map((p, j) => (j === i % 12 ? p.replace('Paragraph', `Edit ${i} of paragraph`) : p))
        .join('');
      raw += content.length;
      await updateArticle(author.client, article.id, { content });
      await later(article.id);
    }
    const revisions = await listRevisions(author.client, article.id);
    expect(revisions.length).toBe(200);
    const { rows } = await b.db.query<{ bodies: number; stored: string; rows: string }>(
      `select count(*)::int as bodies, sum(pg_column_size(content))::text as stored,
              (select sum(pg_column_size(r.*)) from public.article_revisions r where r.article_id = $1)::text as rows
         from public.article_revision_bodies where article_id = $1`,
      [article.id],
    );
    const stored = Number(rows[0]!.stored);
    const grown = (await sizeOf()) - before;
    console.info(
      `200 revisions of a ${paragraphs.join('').length}-character article: texts ${raw} characters raw, ` +
        `${stored} bytes stored in ${rows[0]!.bodies} bodies; revision rows ${rows[0]!.rows} bytes; ` +
        `tables grew by ${grown} bytes (with indexes and TOAST)`,
    );
    expect(stored).toBeLessThan(raw / 2);
    const [oldest] = await readRevisions(author.client, [revisions.at(-1)!.id]);
    expect(oldest!.content).toBe(paragraphs.join(''));
  });

  it('200 saves in a row by the author are one revision', async () => {
    const article = await createArticle(author.client, { title: 'Autosaved', content: '' });
    for (let i = 1; i <= 200; i++)
      await updateArticle(author.client, article.id, { content: `<p>${'word '.repeat(i)}</p>` });
    expect(await storedRevisions(article.id)).toEqual([
      expect.objectContaining({ kind: 'create' }),
      expect.objectContaining({ kind: 'edit', saves: 200 }),
    ]);
    const { rows } = await b.db.query('select 1 from public.article_revision_bodies where article_id = $1', [
      article.id,
    ]);
    expect(rows.length).toBe(2);
  });
});

describe('bad input', () => {
  it('a tag with markup is refused (400) and nothing changes, no revision either', async () => {
    const article = await createArticle(author.client, { title: 'Tagged', tags: ['cloud'] });
    const before = await storedRevisions(article.id);
    for (const tags of [['<script>alert(1)</script>'], ['cloud', 'a<b'], ['x>']]) {
      const res = await rest(`articles?id=eq.${article.id}`, author.token, {
        method: 'PATCH',
        body: JSON.stringify({ tags }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()) as { code: string }).toMatchObject({ code: '23514' });
    }
    const { rows } = await b.db.query('select tags from public.articles where id = $1', [article.id]);
    expect(rows[0]).toEqual({ tags: ['cloud'] });
    expect(await storedRevisions(article.id)).toEqual(before);
  });
});
