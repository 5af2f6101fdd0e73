// The article and image calls and the articles migrations' rules, through supabase-js against the local backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleError,
  createArticle,
  deleteArticle,
  duplicateArticle,
  fetchPublishedArticle,
  freeSlug,
  latestArticles,
  listArticles,
  listTags,
  loadArticle,
  publishArticle,
  readArticle,
  removeArticleImage,
  scheduleArticle,
  unpublishArticle,
  updateArticle,
  uploadArticleImage,
} from '../src/index.ts';
import { client, makeAdmin, makeUser, pngFile, startTestBackend, type TestUser } from './backend.ts';

let b: Awaited<ReturnType<typeof startTestBackend>>;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  b = await startTestBackend();
  alice = await makeUser(b, 'Alice Mackay');
  bob = await makeUser(b, 'Bob Sutherland');
  admin = await makeUser(b, 'Ada Admin');
  await makeAdmin(b, admin);
});
afterAll(async () => {
  await b?.cleanup();
});

const objectExists = async (name: string) =>
  (await b.db.query(`select 1 from storage.objects where bucket_id = 'article-images' and name = $1`, [name]))
    .rows.length === 1;

describe('images: upload, and removal by the last URL segment', () => {
  it('uploads under the name rule with cache control 3600 and returns the public URL', async () => {
    const img = await uploadArticleImage(alice.client, pngFile('Harbour View.PNG'), { now: 1763900000000 });
    expect(img.path).toMatch(/^1763900000000-[a-z0-9]{10}\.png$/);
    expect(img.publicUrl).toBe(`${b.url}/storage/v1/object/public/article-images/${img.path}`);
    const res = await fetch(img.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('refuses an existing name instead of overwriting it', async () => {
    const first = await uploadArticleImage(alice.client, pngFile(), { name: 'fixed-name.png' });
    const before = await (await fetch(first.publicUrl)).arrayBuffer();
    const err = await uploadArticleImage(
      alice.client,
      new File([new Uint8Array(2000).fill(7)], 'x.png', { type: 'image/png' }),
      {
        name: 'fixed-name.png',
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArticleError);
    expect((err as ArticleError).code).toBe('image-exists');
    expect(await (await fetch(first.publicUrl)).arrayBuffer()).toEqual(before);
  });

  it('checks type and size before uploading, and the bucket refuses them too', async () => {
    const svg = new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' });
    await expect(uploadArticleImage(alice.client, svg)).rejects.toMatchObject({ code: 'image-rejected' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await expect(uploadArticleImage(alice.client, big)).rejects.toMatchObject({ code: 'image-rejected' });
    // Straight to the bucket, past the browser's check: refused as well.
    const direct = await alice.client.storage.from('article-images').upload('direct.svg', svg);
    expect(direct.error).not.toBeNull();
    expect(await objectExists('direct.svg')).toBe(false);
  });

  it('removes by the last segment of the URL; another user cannot remove or replace it', async () => {
    const img = await uploadArticleImage(alice.client, pngFile());
    expect(await removeArticleImage(bob.client, img.publicUrl)).toBe(false);
    const replace = await bob.client.storage
      .from('article-images')
      .update(img.path, pngFile(), { upsert: true });
    expect(replace.error).not.toBeNull();
    expect(await objectExists(img.path)).toBe(true);
    expect(await removeArticleImage(alice.client, img.publicUrl)).toBe(true);
    expect(await objectExists(img.path)).toBe(false);
    expect((await fetch(img.publicUrl)).status).toBe(400);
  });

  it('anonymous visitors cannot upload', async () => {
    await expect(uploadArticleImage(client(b), pngFile())).rejects.toBeInstanceOf(ArticleError);
  });
});

describe('articles', () => {
  it('creates a draft with a unique slug; read one returns nothing for unknown, foreign or malformed ids', async () => {
    const a = await createArticle(alice.client, { title: 'Highland Cloud Basics' });
    expect(a).toMatchObject({
      slug: 'highland-cloud-basics',
      status: 'draft',
      published_at: null,
      author_id: alice.id,
      tags: [],
    });
    const again = await createArticle(bob.client, { title: 'Highland cloud basics!' });
    expect(again.slug).toBe('highland-cloud-basics-2');
    expect(await freeSlug(alice.client, 'Highland Cloud Basics')).toBe('highland-cloud-basics-3');
    expect(await readArticle(alice.client, a.id)).toMatchObject({ id: a.id, title: 'Highland Cloud Basics' });
    expect(await readArticle(bob.client, a.id)).toBeNull();
    expect(await readArticle(client(b), a.id)).toBeNull();
    expect(await readArticle(alice.client, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await readArticle(alice.client, "1' or 1=1 --")).toBeNull();
  });

  it('load for the editor tells a missing article from a server it cannot reach', async () => {
    const a = await createArticle(alice.client, { title: 'Loaded for editing' });
    expect(await loadArticle(alice.client, a.id)).toMatchObject({ kind: 'found', article: { id: a.id } });
    expect(await loadArticle(bob.client, a.id)).toEqual({ kind: 'missing' });
    expect(await loadArticle(alice.client, 'not-a-uuid')).toEqual({ kind: 'missing' });
    // A closed loopback port: the request fails before any answer, as when the browser is offline.
    const offline = client({ ...b, url: 'http://127.0.0.1:9' });
    const gone = await loadArticle(offline, a.id);
    expect(gone).toMatchObject({ kind: 'unreachable' });
    // readArticle's rule: any failure returns nothing.
    expect(await readArticle(offline, a.id)).toBeNull();
  });

  it('update sets updated_at, returns the row and throws on failure; others cannot change it', async () => {
    const a = await createArticle(alice.client, { title: 'Update me' });
    await new Promise((r) => setTimeout(r, 20));
    const updated = await updateArticle(alice.client, a.id, { title: 'Updated', tags: ['cloud', 'backup'] });
    expect(updated.title).toBe('Updated');
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(a.updated_at).getTime());
    await expect(updateArticle(bob.client, a.id, { title: 'Mine now' })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(updateArticle(alice.client, a.id, { title: '  ' })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(updateArticle(alice.client, a.id, { slug: 'highland-cloud-basics' })).rejects.toMatchObject({
      code: 'duplicate-slug',
    });
    await expect(
      updateArticle(alice.client, a.id, { slug: 'a7f0c3e2-0000-4000-8000-000000000001' }),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(updateArticle(alice.client, a.id, { tags: ['x'.repeat(41)] })).rejects.toMatchObject({
      code: 'invalid',
    });
    // A user cannot hand an article to someone else.
    const handOver = await alice.client
      .from('articles')
      .update({ author_id: bob.id })
      .eq('id', a.id)
      .select();
    expect(handOver.error).not.toBeNull();
    expect(await readArticle(alice.client, updated.id)).toMatchObject({
      title: 'Updated',
      author_id: alice.id,
    });
  });

  it('a draft is private, a published one public, a scheduled one public only from its time', async () => {
    const anon = client(b);
    const a = await createArticle(alice.client, { title: 'Lifecycle', content: '<p>Hello</p>' });
    expect(await fetchPublishedArticle(anon, a.id)).toBeNull();
    expect((await anon.from('articles').select('id').eq('id', a.id)).data).toEqual([]);
    expect((await bob.client.from('articles').select('id').eq('id', a.id)).data).toEqual([]);

    const published = await publishArticle(alice.client, a.id);
    expect(published.status).toBe('published');
    expect(Math.abs(new Date(published.published_at!).getTime() - Date.now())).toBeLessThan(60_000);
    const seen = await fetchPublishedArticle(anon, a.slug);
    expect(seen).toMatchObject({ id: a.id, author: { full_name: 'Alice Mackay' } });
    expect(await fetchPublishedArticle(anon, a.id)).toMatchObject({ slug: a.slug });

    await unpublishArticle(alice.client, a.id);
    expect(await fetchPublishedArticle(anon, a.id)).toBeNull();

    const at = new Date(Date.now() + 60_000);
    const scheduled = await scheduleArticle(alice.client, a.id, at);
    expect(new Date(scheduled.published_at!).getTime()).toBe(at.getTime());
    expect((await anon.from('articles').select('id').eq('id', a.id)).data).toEqual([]);
    expect(await fetchPublishedArticle(anon, a.id, new Date(Date.now() + 120_000))).toBeNull(); // the database decides, not the caller's clock
    await expect(scheduleArticle(alice.client, a.id, new Date(Date.now() - 1000))).rejects.toMatchObject({
      code: 'invalid',
    });
    // Time passes (the stored time moves into the past): public, with nobody acting on the article.
    await b.db.query(`update public.articles set published_at = now() - interval '1 second' where id = $1`, [
      a.id,
    ]);
    expect(await fetchPublishedArticle(anon, a.id)).toMatchObject({ id: a.id });
  });

  it('lists with search, state and tag filters, sorting and pagination; admins see everyone’s', async () => {
    const writer = await makeUser(b, 'Lister');
    for (let i = 1; i <= 7; i++) {
      const a = await createArticle(writer.client, {
        title: `Post ${i} ${i % 2 ? 'odd' : 'even'}`,
        tags: i % 2 ? ['odd'] : ['even'],
      });
      if (i <= 3) await publishArticle(writer.client, a.id);
    }
    const page1 = await listArticles(writer.client, { authorId: writer.id, pageSize: 5, sort: 'title' });
    expect(page1.total).toBe(7);
    expect(page1.rows.map((r) => r.title)).toEqual([
      'Post 1 odd',
      'Post 2 even',
      'Post 3 odd',
      'Post 4 even',
      'Post 5 odd',
    ]);
    expect(page1.rows[0]!.author).toEqual({ full_name: 'Lister' });
    const page2 = await listArticles(writer.client, {
      authorId: writer.id,
      pageSize: 5,
      page: 2,
      sort: 'title',
    });
    expect(page2.rows.map((r) => r.title)).toEqual(['Post 6 even', 'Post 7 odd']);
    expect((await listArticles(writer.client, { authorId: writer.id, state: 'published' })).total).toBe(3);
    expect((await listArticles(writer.client, { authorId: writer.id, state: 'draft' })).total).toBe(4);
    expect((await listArticles(writer.client, { authorId: writer.id, tag: 'even' })).total).toBe(3);
    expect((await listArticles(writer.client, { authorId: writer.id, search: 'odd' })).total).toBe(4);
    expect((await listArticles(writer.client, { authorId: writer.id, search: '%_*,()' })).total).toBe(7);
    expect(await listTags(writer.client, writer.id)).toEqual(['even', 'odd']);
    // Bob sees none of the writer's drafts; the admin sees them all.
    expect((await listArticles(bob.client, { authorId: writer.id })).total).toBe(3);
    expect((await listArticles(admin.client, { authorId: writer.id })).total).toBe(7);
    const latest = await latestArticles(client(b), 2);
    expect(latest).toHaveLength(2);
    expect(latest.every((r) => r.status === 'published')).toBe(true);
  });

  it('duplicates as a draft with a free slug', async () => {
    const a = await createArticle(alice.client, { title: 'Original', content: '<p>x</p>', tags: ['t'] });
    await publishArticle(alice.client, a.id);
    const copy = await duplicateArticle(alice.client, a.id);
    expect(copy).toMatchObject({
      title: 'Copy of Original',
      slug: 'original-copy',
      status: 'draft',
      content: '<p>x</p>',
      tags: ['t'],
    });
    await expect(duplicateArticle(bob.client, copy.id)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('deleting an article removes its images; another user can delete neither', async () => {
    const cover = await uploadArticleImage(alice.client, pngFile('cover.png'));
    const inline = await uploadArticleImage(alice.client, pngFile('inline.png'));
    const a = await createArticle(alice.client, {
      title: 'With images',
      cover_image_url: cover.publicUrl,
      content: `<p>x</p><figure><img src="${inline.publicUrl}" alt="A"><figcaption>c</figcaption></figure>`,
    });
    await publishArticle(alice.client, a.id);
    await expect(deleteArticle(bob.client, a)).rejects.toMatchObject({ code: 'not-found' });
    expect(await readArticle(alice.client, a.id)).not.toBeNull();
    expect(await objectExists(cover.path)).toBe(true);
    const result = await deleteArticle(alice.client, a);
    expect(result.removed.sort()).toEqual([cover.publicUrl, inline.publicUrl].sort());
    expect(result.failed).toEqual([]);
    expect(await readArticle(alice.client, a.id)).toBeNull();
    expect(await objectExists(cover.path)).toBe(false);
    expect(await objectExists(inline.path)).toBe(false);
  });

  it('an administrator may edit and delete anyone’s article', async () => {
    const a = await createArticle(bob.client, { title: 'Moderated' });
    expect((await updateArticle(admin.client, a.id, { title: 'Moderated by admin' })).author_id).toBe(bob.id);
    await deleteArticle(admin.client, { ...a, content: '' });
    expect(await readArticle(bob.client, a.id)).toBeNull();
  });

  it('the slug check answers signed-in users only', async () => {
    const { error } = await client(b).rpc('article_slug_taken', { p_slug: 'x' });
    expect(error).not.toBeNull();
  });
});
