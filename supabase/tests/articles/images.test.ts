// An article owns its images: duplicating one copies its image objects, and deleting or editing one article never
// changes another. Tried with the article calls as the site makes them (the author, a second user, an
// administrator) and straight through Storage with a user's token, as an attacker would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';
import {
  createArticle,
  deleteArticle,
  duplicateArticle,
  objectNameFromUrl,
  publishArticle,
  readArticle,
  removeArticleImage,
  updateArticle,
  uploadArticleImage,
  type Article,
} from '@pentland/articles';
import { signedIn, type SignedInUser } from '../misuse/session.ts';

let b: TestBackend;
let alice: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  b = await startTestBackend();
  alice = await signedIn(b, { prefix: 'alice' });
  bob = await signedIn(b, { prefix: 'bob' });
  admin = await signedIn(b, { admin: true });
});
afterAll(async () => {
  await b?.stop();
});

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let fileCount = 0;
/** A PNG whose bytes are its own (a trailing marker), so that a download tells one file from another. */
function pngFile(name = 'picture.png'): File {
  fileCount += 1;
  return new File([pngBytes, Buffer.from(`#${fileCount}`)], name, { type: 'image/png' });
}

const name = (url: string) => objectNameFromUrl(url)!;

/** Whether Storage holds the object (read past RLS). */
async function stored(objectName: string): Promise<boolean> {
  const { rows } = await b.db.query(
    `select 1 from storage.objects where bucket_id = 'article-images' and name = $1`,
    [objectName],
  );
  return rows.length === 1;
}

/** The bytes a visitor downloads from a public URL, or the failing status. */
async function download(url: string): Promise<Buffer | number> {
  const res = await fetch(url);
  return res.ok ? Buffer.from(await res.arrayBuffer()) : res.status;
}

/** A published article of Alice's with a cover and an inline image; answers it and the bytes each URL serves. */
async function publishedWithImages(title: string) {
  const cover = await uploadArticleImage(alice.client, pngFile('cover.png'));
  const inline = await uploadArticleImage(alice.client, pngFile('inline.png'));
  const article = await createArticle(alice.client, {
    title,
    cover_image_url: cover.publicUrl,
    cover_image_alt: 'The harbour',
    content: `<p>Text</p><figure><img src="${inline.publicUrl}" alt="Inline"><figcaption>c</figcaption></figure>`,
  });
  const published = await publishArticle(alice.client, article.id);
  const bytes = new Map<string, Buffer | number>();
  for (const url of [cover.publicUrl, inline.publicUrl]) bytes.set(url, await download(url));
  return { article: published, cover, inline, bytes };
}

/** The original still reads as it did and every image it uses still exists and downloads the same bytes. */
async function expectIntact(original: Article, bytes: Map<string, Buffer | number>) {
  expect(await readArticle(alice.client, original.id)).toMatchObject({
    cover_image_url: original.cover_image_url,
    content: original.content,
  });
  for (const [url, before] of bytes) {
    expect(before).toBeInstanceOf(Buffer);
    expect(await stored(name(url)), `${name(url)} is still stored`).toBe(true);
    expect(await download(url)).toEqual(before);
  }
}

describe('duplicating an article', () => {
  it('then deleting the copy leaves the original’s images in place', async () => {
    const { article, bytes } = await publishedWithImages('Harbour walls');
    const copy = await duplicateArticle(alice.client, article.id);
    await deleteArticle(alice.client, copy);
    expect(await readArticle(alice.client, copy.id)).toBeNull();
    await expectIntact(article, bytes);
  });

  it('then removing the cover on the copy leaves the original’s cover in place', async () => {
    const { article, bytes } = await publishedWithImages('Lighthouse keepers');
    const copy = await duplicateArticle(alice.client, article.id);
    // As the editor saves: the row first, then the image the saved article no longer uses.
    await updateArticle(alice.client, copy.id, { cover_image_url: null });
    await removeArticleImage(alice.client, copy.cover_image_url!);
    await expectIntact(article, bytes);
  });

  it('gives the copy images of its own, named by the upload rule, with the same bytes', async () => {
    const { article, cover, inline, bytes } = await publishedWithImages('Peat and wind');
    const copy = await duplicateArticle(alice.client, article.id);
    expect(copy.cover_image_url).not.toBe(cover.publicUrl);
    expect(copy.content).not.toContain(inline.publicUrl);
    const copiedCover = copy.cover_image_url!;
    const copiedInline = /<img src="([^"]+)"/.exec(copy.content)![1]!;
    for (const url of [copiedCover, copiedInline]) {
      expect(name(url)).toMatch(/^\d{13}-[a-z0-9]{10}\.png$/);
      expect(url).toBe(`${b.url}/storage/v1/object/public/article-images/${name(url)}`);
    }
    expect(await download(copiedCover)).toEqual(bytes.get(cover.publicUrl));
    expect(await download(copiedInline)).toEqual(bytes.get(inline.publicUrl));
    // The copy's images are its own: deleting the copy removes them, and only them.
    const result = await deleteArticle(alice.client, copy);
    expect(result.removed.sort()).toEqual([copiedCover, copiedInline].sort());
    expect(await stored(name(copiedCover))).toBe(false);
    expect(await stored(name(copiedInline))).toBe(false);
    await expectIntact(article, bytes);
  });

  it('by another user: deleting the original leaves the copy’s images in place', async () => {
    const { article } = await publishedWithImages('Flagstones');
    const copy = await duplicateArticle(bob.client, article.id);
    expect(copy.author_id).toBe(bob.id);
    const copyBytes = new Map<string, Buffer | number>();
    copyBytes.set(copy.cover_image_url!, await download(copy.cover_image_url!));
    await deleteArticle(alice.client, article);
    expect(await readArticle(bob.client, copy.id)).toMatchObject({ cover_image_url: copy.cover_image_url });
    for (const [url, before] of copyBytes) {
      expect(before).toBeInstanceOf(Buffer);
      expect(await download(url)).toEqual(before);
    }
  });
});

describe('an image another article uses', () => {
  /** Alice's image, used by her article and also by Bob's (he put its address in his text). */
  async function sharedImage() {
    const { article, cover, bytes } = await publishedWithImages('Shared harbour');
    const bobs = await createArticle(bob.client, {
      title: 'Quoting Alice',
      content: `<p><img src="${cover.publicUrl}" alt="Alice's harbour"></p>`,
    });
    await publishArticle(bob.client, bobs.id);
    return { article, bobs, cover, bytes };
  }

  it('is not removed by its uploader, an administrator or anyone, whoever asks', async () => {
    const { article, bobs, cover, bytes } = await sharedImage();
    // Alice deletes her own article: the image Bob's article still uses stays.
    const deleted = await deleteArticle(alice.client, article);
    expect(deleted.removed).not.toContain(cover.publicUrl);
    expect(await stored(cover.path)).toBe(true);
    for (const who of [alice, admin, bob]) {
      const { data } = await who.client.storage.from('article-images').remove([cover.path]);
      expect(data ?? []).toEqual([]);
      // The same request as raw HTTP with the user's token.
      const res = await fetch(`${b.url}/storage/v1/object/article-images`, {
        method: 'DELETE',
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${who.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prefixes: [cover.path] }),
      });
      expect(res.status).toBeLessThan(500);
      if (res.ok) expect(await res.json()).toEqual([]);
      const one = await fetch(`${b.url}/storage/v1/object/article-images/${cover.path}`, {
        method: 'DELETE',
        headers: { apikey: b.anonKey, authorization: `Bearer ${who.token}` },
      });
      expect(one.ok).toBe(false);
      expect(one.status).toBeLessThan(500);
    }
    expect(await stored(cover.path)).toBe(true);
    expect(await download(cover.publicUrl)).toEqual(bytes.get(cover.publicUrl));
    expect(await readArticle(bob.client, bobs.id)).toMatchObject({ content: bobs.content });
  });

  it('is neither overwritten nor moved away', async () => {
    const { cover, bytes } = await sharedImage();
    for (const who of [alice, admin]) {
      const up = await who.client.storage
        .from('article-images')
        .upload(cover.path, pngFile(), { upsert: true, contentType: 'image/png' });
      expect(up.error).not.toBeNull();
      const mv = await who.client.storage.from('article-images').move(cover.path, `moved-${cover.path}`);
      expect(mv.error).not.toBeNull();
    }
    expect(await stored(cover.path)).toBe(true);
    expect(await download(cover.publicUrl)).toEqual(bytes.get(cover.publicUrl));
  });

  it('is kept when its uploader deletes their account', async () => {
    const carol = await signedIn(b, { prefix: 'carol' });
    const img = await uploadArticleImage(carol.client, pngFile('view.png'));
    const own = await uploadArticleImage(carol.client, pngFile('own.png'));
    const hers = await createArticle(carol.client, {
      title: 'Carol’s view',
      cover_image_url: img.publicUrl,
      content: `<p><img src="${own.publicUrl}" alt="Only hers"></p>`,
    });
    await publishArticle(carol.client, hers.id);
    const bobs = await createArticle(bob.client, {
      title: 'Quoting Carol',
      content: `<p><img src="${img.publicUrl}" alt="Carol's view"></p>`,
    });
    const bytes = await download(img.publicUrl);
    const { error } = await carol.client.functions.invoke('delete-account', {
      body: { confirmation: carol.email },
    });
    expect(error).toBeNull();
    expect(await readArticle(bob.client, hers.id)).toBeNull();
    // Her own image goes with her; the one Bob's article uses stays.
    expect(await stored(own.path)).toBe(false);
    expect(await stored(img.path)).toBe(true);
    expect(await download(img.publicUrl)).toEqual(bytes);
    expect(await readArticle(bob.client, bobs.id)).toMatchObject({ content: bobs.content });
  });

  it('an image no article uses is still removed by its uploader', async () => {
    const img = await uploadArticleImage(alice.client, pngFile());
    expect(await removeArticleImage(bob.client, img.publicUrl)).toBe(false);
    expect(await removeArticleImage(alice.client, img.publicUrl)).toBe(true);
    expect(await stored(img.path)).toBe(false);
  });
});
