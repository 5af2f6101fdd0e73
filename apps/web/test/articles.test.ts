// Issue 14's journeys in Chromium against the local backend: the served HTML of a published article (head, OG,
// JSON-LD) and 404 for drafts, scheduled and unknown articles; the feed and sitemap; writing, publishing and
// deleting an article; the generator's offline draft opened in the editor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, connectBrowser, createConfirmedUser, testSql, uniqueEmail } from './helpers';
import { authForm, startJourney, submitSignIn, url } from './e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const seeded = 'a7f0c3e2-0000-4000-8000-000000000001';
const seededDraft = 'a7f0c3e2-0000-4000-8000-000000000003';

const served = async (path: string) => {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, text: await res.text(), headers: res.headers };
};

function jsonLd(html: string): { '@graph': Record<string, unknown>[] } {
  const m = /<script data-head type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return JSON.parse(m![1]!) as { '@graph': Record<string, unknown>[] };
}

describe('served HTML of articles', () => {
  it('a published article carries its title, description, canonical, OG/Twitter tags and Article JSON-LD', async () => {
    const { status, text, headers } = await served(`/articles/${seeded}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(text).toContain(
      '<title data-head>Moving a Caithness business to the cloud | Pentland Cloud</title>',
    );
    expect(text).toContain('<meta data-head property="og:type" content="article">');
    expect(text).toContain(
      '<meta data-head property="og:title" content="Moving a Caithness business to the cloud">',
    );
    expect(text).toMatch(/<meta data-head name="twitter:card" content="summary_large_image">/);
    expect(text).toContain(
      '<link data-head rel="canonical" href="https://pentlandcloud.co.uk/articles/moving-a-caithness-business-to-the-cloud">',
    );
    expect(text).toMatch(
      /<link data-head rel="alternate" type="application\/atom\+xml"[^>]*href="https:\/\/pentlandcloud.co.uk\/feed.xml">/,
    );
    const graph = jsonLd(text)['@graph'];
    expect(graph.map((n) => n['@type'])).toEqual(['ProfessionalService', 'WebPage', 'Article']);
    expect(graph[2]).toMatchObject({
      headline: 'Moving a Caithness business to the cloud',
      author: { name: 'Demo Admin' },
    });
    // The content itself is in the HTML before any script runs.
    expect(text).toContain('Start with an inventory of what runs where');
  });

  it('drafts, unknown ids and scheduled articles answer 404 with the not-found page', async () => {
    for (const path of [
      `/articles/${seededDraft}`,
      '/articles/no-such-article',
      '/articles/00000000-0000-4000-8000-000000000000',
    ]) {
      const { status, text } = await served(path);
      expect(status, path).toBe(404);
      expect(text).not.toContain('Work in progress');
    }
    await testSql(
      `update public.articles set status = 'published', published_at = now() + interval '1 minute' where id = $1`,
      [seededDraft],
    );
    try {
      expect((await served(`/articles/${seededDraft}`)).status).toBe(404);
      // Its time comes (the stored time moves into the past): public, with nobody acting on the article.
      await testSql(`update public.articles set published_at = now() - interval '1 second' where id = $1`, [
        seededDraft,
      ]);
      expect((await served(`/articles/${seededDraft}`)).status).toBe(200);
    } finally {
      await testSql(`update public.articles set status = 'draft' where id = $1`, [seededDraft]);
    }
  });

  it('the feed and the sitemap list published articles only; the editor’s code is not on public pages', async () => {
    const feed = await served('/feed.xml');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/application\/atom\+xml/);
    expect(feed.text).toContain('<title>Moving a Caithness business to the cloud</title>');
    expect(feed.text).not.toContain('backups that actually restore');
    const sitemap = await served('/sitemap.xml');
    expect(sitemap.text).toContain(
      '<loc>https://pentlandcloud.co.uk/articles/dynamics-365-for-growing-teams</loc>',
    );
    expect(sitemap.text).not.toContain('backups-that-actually-restore');
    for (const path of ['/', '/services', `/articles/${seeded}`]) {
      const { text } = await served(path);
      expect(text, path).not.toMatch(/ArticleEditorPage|tiptap/i);
    }
    expect((await served('/_server/entry-server.js')).status).toBe(404);
  });
});

async function signIn(page: Page, email: string, password: string, path: string) {
  await page.goto(url(path));
  await submitSignIn(authForm(page), email, password);
  await page.waitForLoadState('load');
}

describe('writing and managing articles', () => {
  it(
    'write with an image → autosave → publish → read signed out → delete from the dashboard',
    { timeout: 90_000 },
    async () => {
      const email = uniqueEmail('writer');
      await createConfirmedUser(email, 'writer-pass-1', 'Wendy Writer');
      const { page, context } = await startJourney(browser);
      await signIn(page, email, 'writer-pass-1', '/article-editor');
      await page.getByRole('heading', { name: 'Create Article' }).waitFor();
      const title = `Harbour cloud ${Date.now()}`;
      await page.getByLabel('Title', { exact: true }).fill(title);
      const editor = page.getByRole('textbox', { name: 'Article text' });
      await editor.click();
      await page.keyboard.type('Our first paragraph about the harbour.');
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 15_000 });
      await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      // An inline image through the dialog: uploaded, with alt text and caption.
      await page.getByRole('button', { name: 'Insert image' }).click();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('img', { name: 'The uploaded image' }).waitFor();
      await page.getByRole('dialog').getByLabel('Alt text').fill('A single dot');
      await page.getByRole('dialog').getByLabel('Caption').fill('Tiny');
      await page.getByRole('button', { name: 'Add image to article' }).click();
      await page.getByRole('status').filter({ hasText: 'Saving…' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 15_000 });
      const [row] = await testSql<{ content: string; slug: string; updated_at: string }>(
        'select content, slug, updated_at from public.articles where id = $1',
        [id],
      );
      expect(row!.content).toMatch(
        /<figure><img src="[^"]+\/storage\/v1\/object\/public\/article-images\/\d+-[a-z0-9]{10}\.png" alt="A single dot" width="1" height="1"><figcaption>Tiny<\/figcaption><\/figure>/,
      );
      expect((await served(`/articles/${id}`)).status).toBe(404);

      await page.getByRole('button', { name: 'Publish now' }).click();
      await page.getByText('Published. The article is public now.').waitFor();
      const pub = await served(`/articles/${row!.slug}`);
      expect(pub.status).toBe(200);
      expect(pub.text).toContain(`<meta data-head property="og:title" content="${title}">`);
      expect(pub.text).toContain('alt="A single dot"');

      // Signed out, in a new context: the page hydrates with the article, its image lazily loaded.
      const reader = await startJourney(browser);
      await reader.page.goto(url(`/articles/${id}`));
      await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await reader.page.getByRole('img', { name: 'A single dot' }).getAttribute('loading')).toBe(
        'lazy',
      );
      expect(reader.errors).toEqual([]);
      await reader.context.close();

      // Delete from the dashboard: the article and its image are gone.
      await page.goto(url('/dashboard'));
      await page.getByRole('link', { name: title }).waitFor();
      await page.getByRole('button', { name: `Delete “${title}”` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`“${title}” was deleted.`).waitFor();
      expect(await testSql('select 1 from public.articles where id = $1', [id])).toEqual([]);
      const objectName = /article-images\/(\d+-[a-z0-9]{10}\.png)/.exec(row!.content)![1];
      expect(
        await testSql(`select 1 from storage.objects where bucket_id = 'article-images' and name = $1`, [
          objectName,
        ]),
      ).toEqual([]);
      await context.close();
    },
  );

  it('another user’s article opens as “not found or not yours”', async () => {
    const email = uniqueEmail('other');
    await createConfirmedUser(email, 'other-pass-1', 'Olly Other');
    const { page, context } = await startJourney(browser);
    await signIn(page, email, 'other-pass-1', `/article-editor/${seededDraft}`);
    await page.getByRole('heading', { name: 'Article not found or not yours' }).waitFor();
    expect(await page.getByText('Work in progress').count()).toBe(0);
    await context.close();
  });

  it('the generator writes an offline draft that opens in the editor', async () => {
    const email = uniqueEmail('gen');
    await createConfirmedUser(email, 'gen-pass-1', 'Gina Gen');
    const { page, context } = await startJourney(browser);
    await signIn(page, email, 'gen-pass-1', '/article-generator');
    await page.getByText('Offline mode').waitFor();
    await page.getByText('3 of 3 free generations left this month').waitFor();
    await page.getByRole('button', { name: 'Generate draft' }).click();
    await page.getByText('Enter a topic for the article.').waitFor();
    await page.getByLabel('Topic').fill('Wi-Fi for a Wick guest house');
    await page.getByRole('button', { name: 'Generate draft' }).click();
    await page.getByRole('heading', { name: 'Conclusion' }).waitFor({ timeout: 15_000 });
    await page.getByText('2 of 3 free generations left this month').waitFor();
    await page.getByRole('button', { name: 'Open in editor' }).click();
    await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(
      'Wi-Fi for a Wick guest house: a practical guide',
    );
    await page
      .getByRole('textbox', { name: 'Article text' })
      .getByRole('heading', { name: 'Conclusion' })
      .waitFor();
    await context.close();
  });
});
