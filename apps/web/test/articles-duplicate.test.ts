// Duplicating an article in the dashboard, then deleting the copy: the published original keeps its images, and a
// visitor's browser still loads them. The copy had images of its own, so deleting it removed only those.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createArticle, publishArticle, uploadArticleImage } from '@pentland/articles';
import { signedInUser, testSql } from './helpers.ts';
import { articleRow, imageName, png, storedObject } from './articles-e2e.ts';
import { signInAt, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const pngFile = (name: string, rgb: string) =>
  new File([new Uint8Array(png(rgb))], name, { type: 'image/png' });

/** Whether the page's image of that name has loaded and decoded (a broken image has no natural width). */
async function imageLoaded(page: Page, alt: string): Promise<boolean> {
  const img = page.getByRole('img', { name: alt });
  await img.scrollIntoViewIfNeeded();
  return img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
}

describe('duplicating an article', () => {
  it(
    'duplicate → delete the copy → the original is intact and its images load',
    { timeout: 120_000 },
    async () => {
      const writer = await signedInUser('duplicator');
      const cover = await uploadArticleImage(writer.client, pngFile('cover.png', '2e86c1'));
      const inline = await uploadArticleImage(writer.client, pngFile('inline.png', 'f1c40f'));
      const title = `Stroma ferry ${Date.now()}`;
      const original = await createArticle(writer.client, {
        title,
        cover_image_url: cover.publicUrl,
        cover_image_alt: 'The ferry at the pier',
        content: `<p>Crossing the firth.</p><figure><img src="${inline.publicUrl}" alt="A yellow buoy"><figcaption>Buoy</figcaption></figure>`,
      });
      await publishArticle(writer.client, original.id);
      const before = await articleRow(original.id);

      const { page, context } = await startJourney(browser);
      await signInAt(page, writer.email, writer.password, '/dashboard');
      await page.getByRole('button', { name: `Duplicate “${title}”` }).click();
      await page.waitForURL(
        (u) => /\/article-editor\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.endsWith(original.id),
      );
      const copyId = page.url().split('/').pop()!;
      const copy = await articleRow(copyId);
      expect(copy.title).toBe(`Copy of ${title}`);
      // The copy has files of its own, named by the upload rule.
      const copyCover = imageName.exec(copy.cover_image_url!)![1]!;
      const copyInline = imageName.exec(copy.content)![1]!;
      expect([copyCover, copyInline]).not.toContain(cover.path);
      expect([copyCover, copyInline]).not.toContain(inline.path);
      expect(await storedObject(copyCover)).toHaveLength(1);

      await page.goto(url('/dashboard'));
      await page.getByRole('button', { name: `Delete “Copy of ${title}”` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`“Copy of ${title}” was deleted.`).waitFor();
      expect(await testSql('select 1 from public.articles where id = $1', [copyId])).toEqual([]);
      expect(await storedObject(copyCover)).toEqual([]);
      expect(await storedObject(copyInline)).toEqual([]);
      await context.close();

      // The original: unchanged, its files still stored, and a visitor's browser loads both images.
      const after = await articleRow(original.id);
      expect(after).toEqual(before);
      expect(await storedObject(cover.path)).toHaveLength(1);
      expect(await storedObject(inline.path)).toHaveLength(1);
      const reader = await startJourney(browser);
      await reader.page.goto(url(`/articles/${original.id}`));
      await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await expect
        .poll(() => imageLoaded(reader.page, 'The ferry at the pier'), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => imageLoaded(reader.page, 'A yellow buoy'), { timeout: 10_000 }).toBe(true);
      expect(reader.errors).toEqual([]);
      await reader.context.close();
    },
  );
});
