// The article generator in Chromium against the local backend: a generation the monthly quota refuses changes
// nothing on the page but its message — the draft written before stays, and can still be opened in the editor; and
// a draft written by an OpenAI-compatible model (a local stub speaking its protocol) reaches the author grounded,
// cited and with the model's slips corrected.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { createFunctions, resolveConfig } from '@pentland/local-supabase';
import { contact, services } from '@pentland/site-data';
import { startOpenAiStub } from '../../../supabase/functions/_test/openai-stub.ts';
import { backend, createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { served } from './articles-e2e.ts';
import { signInAt, startJourney } from './e2e.ts';
import { browser } from './shared-browser.ts';

/** Once the draft has finished streaming in: its region is no longer busy. */
const streamed = (draft: Locator) =>
  expect.poll(() => draft.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');

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
      // The draft as it ends, not a frame of it still streaming in (its last section's links still being written).
      await streamed(draft);
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

describe('the article generator with an AI model', () => {
  it(
    'the draft a model writes reaches the author cited, with its wrong price, number, address and hours corrected',
    { timeout: 90_000 },
    async () => {
      // The backend these journeys share runs its functions offline. This page's calls to generate-article go to
      // the same function code in a gateway of its own (same backend, same keys) configured with the stub's URL,
      // as `supabase secrets set AI_BASE_URL=…` configures it on hosted Supabase.
      const stub = await startOpenAiStub();
      const { url, anonKey, serviceRoleKey } = backend();
      const functions = createFunctions({
        config: resolveConfig({ anonKey, serviceRoleKey }),
        url,
        env: { AI_BASE_URL: stub.url, AI_API_KEY: 'sk-test', AI_MODEL: 'stub-model' },
      });
      const service = services.find((s) => s.slug === 'web-development')!;
      // The slips models make: a price £1 off, a phone number, an e-mail address and opening hours not the site's.
      stub.behave({
        kind: 'stream',
        pieces: [
          '# A new website for a Wick guest house\n\n',
          `Guests book from their phones.\n\n## What it costs\n\n${service.title} starts at £${service.fromPrice + 1}.\n\n`,
          `Sources: [${service.title}](/services/${service.slug})\n\n`,
          '## Getting in touch\n\nCall us on 01847 555 123 or e-mail info@pentlandcloud.co.uk. ',
          'Our office is open 8am to 6pm, Monday to Saturday.\n\n## Conclusion\n\nBook a consultation.\n\n',
          'Meta description: A new website for a Wick guest house.',
        ],
        delayMs: 50,
      });
      const email = uniqueEmail('genai');
      await createConfirmedUser(email, 'gen-pass-1', 'Ada Model');
      const { page, context, errors } = await startJourney(browser);
      await page.route(`${url}/functions/v1/generate-article`, async (route) => {
        const req = route.request();
        const res = await functions(
          new Request(req.url(), {
            method: req.method(),
            headers: await req.allHeaders(),
            body: req.method() === 'POST' ? (req.postData() ?? undefined) : undefined,
          }),
        );
        await route.fulfill({
          status: res.status,
          headers: Object.fromEntries(res.headers),
          body: Buffer.from(await res.arrayBuffer()),
        });
      });
      try {
        await signInAt(page, email, 'gen-pass-1', '/article-generator');
        await page.getByText('3 of 3 free generations left this month').waitFor({ timeout: 30_000 });
        expect(await page.getByText('Offline mode').count()).toBe(0);
        await page.getByLabel('Topic').fill('A new website for a Wick guest house');
        await page.getByRole('button', { name: 'Generate draft' }).click();
        const draft = page.getByRole('region', { name: 'Draft' });
        await draft.getByRole('heading', { name: 'Conclusion' }).waitFor({ timeout: 30_000 });
        await draft.getByText('AI', { exact: true }).waitFor();
        await streamed(draft);

        // The model was given the site's passages to ground the draft on, numbered as sources.
        const sent = stub.requests.at(-1)!;
        expect(sent.body).toMatchObject({ model: 'stub-model', stream: true });
        const prompt = JSON.stringify(sent.body.messages);
        expect(prompt).toContain('Topic: A new website for a Wick guest house');
        expect(prompt).toMatch(/Sources:\\n\[1\] /);

        // What the author reads is the site's: the price, the phone number, the address and the hours corrected.
        // (The region's text up to the fact check, which quotes the model's slips beside their corrections.)
        const text = (await draft.innerText()).split('Checked against the site')[0]!;
        expect(text).toContain(`£${service.fromPrice}`);
        expect(text).not.toContain(`£${service.fromPrice + 1}`);
        expect(text).toContain(contact.phone);
        expect(text).not.toContain('01847 555 123');
        expect(text).toContain(contact.email);
        expect(text).not.toContain('info@pentlandcloud.co.uk');
        const check = draft.getByRole('status').filter({ hasText: 'Checked against the site' });
        expect(await check.innerText()).toMatch(
          /\d+ facts checked against the site: \d+ right, \d+ corrected/,
        );
        expect(await check.getByText('Corrected:').count()).toBeGreaterThanOrEqual(4);

        // Its citation opens the page the passage came from.
        const cited = draft.locator('p', { hasText: /^Sources:/ }).getByRole('link', { name: service.title });
        expect(await cited.getAttribute('href')).toBe(`/services/${service.slug}`);
        expect((await served(`/services/${service.slug}`)).status).toBe(200);

        // The corrected draft is what opens in the editor.
        await page.getByRole('button', { name: 'Open in editor' }).click();
        await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
        const body = page.getByRole('textbox', { name: 'Article text' });
        await body.getByRole('heading', { name: 'Conclusion' }).waitFor();
        expect(await body.innerText()).toContain(contact.phone);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await stub.close();
      }
    },
  );
});
