// The article generator in Chromium against the local backend: a generation the monthly quota refuses changes
// nothing on the page but its message — the draft written before stays, and can still be opened in the editor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser, createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { served } from './articles-e2e.ts';
import { signInAt, startJourney } from './e2e.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the article generator', () => {
  it(
    'a generation refused by the quota keeps the previous draft on the page, with the refusal',
    { timeout: 90_000 },
    async () => {
      const email = uniqueEmail('genquota');
      const userId = await createConfirmedUser(email, 'gen-pass-1', 'Quinn Quota');
      const { page, context, errors } = await startJourney(browser);
      await signInAt(page, email, 'gen-pass-1', '/article-generator');
      await page.getByText('3 of 3 free generations left this month').waitFor({ timeout: 30_000 });
      await page.getByLabel('Topic').fill('Wi-Fi for a Wick guest house');
      await page.getByRole('button', { name: 'Generate draft' }).click();
      const draft = page.getByRole('region', { name: 'Draft' });
      await draft.getByRole('heading', { name: 'Conclusion' }).waitFor({ timeout: 15_000 });
      await page.getByText('2 of 3 free generations left this month').waitFor();
      const firstDraft = await draft.innerText();
      expect(firstDraft).toContain('Wi-Fi for a Wick guest house');
      // Each section's citations: links the author can open, to the site page each passage came from.
      const sources = draft.locator('p', { hasText: /^Sources:/ });
      expect(await sources.count()).toBeGreaterThan(0);
      const hrefs = await sources
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of new Set(hrefs)) {
        expect(href).toMatch(/^\/[a-z]/);
        expect((await served(href.split('#')[0]!)).status).toBe(200);
      }

      // The rest of this month's free generations are used elsewhere (another tab): the next one is refused.
      await testSql(
        `insert into public.article_generations (user_id, mode, topic) select $1, 'offline', 'Elsewhere ' || g from generate_series(1, 2) g`,
        [userId],
      );
      await page.getByLabel('Topic').fill('Backups for a Thurso surgery');
      await page.getByRole('button', { name: 'Generate draft' }).click();
      await page.getByText('Monthly limit reached').waitFor();
      await page
        .getByText(
          'You have used your 3 free article generations this month. Upgrade to Premium for unlimited generations, or wait until next month.',
        )
        .waitFor();

      // The first draft is still there, whole, and can still be opened in the editor.
      await draft.getByRole('heading', { name: 'Conclusion' }).waitFor();
      const after = await draft.innerText();
      expect(after).toContain(firstDraft.slice(firstDraft.indexOf('Wi-Fi for a Wick guest house')));
      expect(after).not.toContain('Fill in a topic and choose Generate draft.');
      await page.getByRole('button', { name: 'Open in editor' }).click();
      await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
      await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(
        'Wi-Fi for a Wick guest house',
      );
      // The refusal (HTTP 429) is the only failed request.
      expect(errors.filter((e) => !/^HTTP 429 POST .*\/functions\/v1\/generate-article$/.test(e))).toEqual(
        [],
      );
      await context.close();
    },
  );
});
