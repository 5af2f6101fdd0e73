// The article editor's search and social previews in Chromium: what they show is what the served page's head says.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { articleRow, editorPage, served, startArticle } from './articles-e2e.ts';
import { signInAt, startJourney } from './e2e.ts';
import { browser } from './shared-browser.ts';

const headValue = (html: string, pattern: RegExp) =>
  (pattern.exec(html)?.[1] ?? '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('the editor’s search and social previews', () => {
  it.each([1280, 375])(
    'at %i px show the served page’s title, description and address; nothing scrolls sideways',
    async (width) => {
      const email = uniqueEmail(`previews-${width}`);
      await createConfirmedUser(email, 'writer-pass-1', 'Preview Writer');
      const { page, context, errors } = await startJourney(browser, { width, height: 900 });
      await signInAt(page, email, 'writer-pass-1', '/article-editor');
      await page.getByRole('heading', { name: 'Create Article' }).waitFor({ timeout: 30_000 });
      const title = `Backups that restore ${Date.now()}`;
      const id = await startArticle(page, title, 'Every night, tested every month.');
      const description = 'What to back up, where to keep it, and how often to test a restore.';
      await page.getByLabel('SEO description').fill(description);
      await editorPage(page).saved.waitFor({ timeout: 15_000 });
      const preview = page.getByRole('region', { name: 'Search and social previews' });
      await preview.getByText(description).first().waitFor();

      const { slug } = await articleRow(id);
      await testSql(
        `update public.articles set status = 'published', published_at = now() - interval '1 second' where id = $1`,
        [id],
      );
      const page200 = await served(`/articles/${slug}`);
      expect(page200.status).toBe(200);
      const servedTitle = headValue(page200.text, /<title[^>]*>([^<]*)<\/title>/);
      expect(servedTitle).toBe(`${title} | Pentland Cloud`);
      expect(await preview.locator('[data-share="title"]').textContent()).toBe(servedTitle);
      expect(headValue(page200.text, /<meta [^>]*name="description" content="([^"]*)"/)).toBe(description);
      expect(headValue(page200.text, /<meta [^>]*property="og:title" content="([^"]*)"/)).toBe(title);
      const ogUrl = headValue(page200.text, /<meta [^>]*property="og:url" content="([^"]*)"/);
      expect(await preview.locator('[data-share="url"]').textContent()).toBe(ogUrl);
      // Each card shows the title; Google's limit is measured on the whole <title>.
      await expect.poll(() => preview.getByText(title, { exact: true }).count(), { timeout: 10_000 }).toBe(3);
      await preview.getByText(`Title: ${servedTitle.length} of 60 characters`).waitFor();

      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/s34-previews-${width}.png`, fullPage: true, timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
