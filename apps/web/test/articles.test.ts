// Issue 14's journeys in Chromium against the local backend: the served HTML of a published article (head, OG,
// JSON-LD) and 404 for drafts, scheduled and unknown articles; the feed and sitemap; writing an article with an inline
// image and a cover, publishing, reading, editing, removing an image and deleting it; the generator's offline draft
// opened in the editor and published. The editor's own journeys (schedule, offline, bad input): articles-editor.test.ts.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import {
  articleRow,
  editorPage,
  imageName,
  png,
  served,
  startArticle,
  storedObject,
} from './articles-e2e.ts';
import { signInAt, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const seeded = 'a7f0c3e2-0000-4000-8000-000000000001';
const seededDraft = 'a7f0c3e2-0000-4000-8000-000000000003';

function jsonLd(html: string): { '@graph': Record<string, unknown>[] } {
  const m = /<script data-head type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return JSON.parse(m![1]!) as { '@graph': Record<string, unknown>[] };
}

describe('served HTML of articles', () => {
  it('a published article carries its title, description, canonical, OG/Twitter tags and Article JSON-LD', async () => {
    const { status, text, headers } = await served(`/articles/${seeded}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
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
    expect((await served('/_server/entryServer.js')).status).toBe(404);
  });
});

describe('writing and managing articles', () => {
  it(
    'write with an inline image and a cover → publish → read signed out → edit → remove an image → delete',
    { timeout: 120_000 },
    async () => {
      const email = uniqueEmail('writer');
      await createConfirmedUser(email, 'writer-pass-1', 'Wendy Writer');
      const { page, context } = await startJourney(browser);
      await signInAt(page, email, 'writer-pass-1', '/article-editor');
      const title = `Harbour cloud ${Date.now()}`;
      const id = await startArticle(page, title, 'Our first paragraph about the harbour.');
      const { text: editor, status, saved } = editorPage(page);
      // An inline image through the dialog: uploaded, with alt text and caption.
      await page.getByRole('button', { name: 'Insert image' }).click();
      await page
        .getByLabel('Image file')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png('1f6f8b') });
      await page.getByRole('img', { name: 'The uploaded image' }).waitFor();
      await page.getByRole('dialog').getByLabel('Alt text').fill('A single dot');
      await page.getByRole('dialog').getByLabel('Caption').fill('Tiny');
      await page.getByRole('button', { name: 'Add image to article' }).click();
      await status.filter({ hasText: 'Saving…' }).waitFor();
      await saved.waitFor({ timeout: 15_000 });
      // The cover: uploaded from its own field, described in the field below it.
      await page
        .getByLabel('Cover image', { exact: true })
        .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png('c0392b') });
      await page.getByRole('img', { name: 'The uploaded image' }).waitFor();
      await page.getByLabel('Cover image description (alt text)').fill('Wick harbour at dawn');
      await expect
        .poll(async () => (await articleRow(id)).cover_image_url, { timeout: 15_000 })
        .toMatch(imageName);
      await saved.waitFor({ timeout: 15_000 });
      const row = await articleRow(id);
      expect(row.content).toMatch(
        /<figure><img src="[^"]+\/storage\/v1\/object\/public\/article-images\/\d+-[a-z0-9]{10}\.png" alt="A single dot" width="1" height="1"><figcaption>Tiny<\/figcaption><\/figure>/,
      );
      const inlineName = imageName.exec(row.content)![1]!;
      const coverName = imageName.exec(row.cover_image_url!)![1]!;
      expect(coverName).not.toBe(inlineName);
      expect(await storedObject(inlineName)).toHaveLength(1);
      expect(await storedObject(coverName)).toHaveLength(1);
      expect((await served(`/articles/${id}`)).status).toBe(404);

      await page.getByRole('button', { name: 'Publish now' }).click();
      await page.getByText('Published. The article is public now.').waitFor();
      const pub = await served(`/articles/${row.slug}`);
      expect(pub.status).toBe(200);
      expect(pub.text).toContain(`<meta data-head property="og:title" content="${title}">`);
      expect(pub.text).toMatch(
        new RegExp(`<meta data-head property="og:image" content="[^"]+/article-images/${coverName}">`),
      );
      expect(pub.text).toContain('<meta data-head property="og:image:alt" content="Wick harbour at dawn">');
      expect(pub.text).toContain('alt="A single dot"');

      // Signed out, in a new context: the page hydrates with the article, its cover and its lazily loaded image.
      const reader = await startJourney(browser);
      await reader.page.goto(url(`/articles/${id}`));
      await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await reader.page.getByRole('img', { name: 'A single dot' }).getAttribute('loading')).toBe(
        'lazy',
      );
      await reader.page.getByRole('img', { name: 'Wick harbour at dawn' }).waitFor();
      expect(reader.errors).toEqual([]);
      await reader.context.close();

      // An edit saves the text and moves updated_at on.
      await editor.getByText('Our first paragraph about the harbour.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Updated after publishing.');
      await saved.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .toContain('Updated after publishing.');
      const edited = await articleRow(id);
      expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(row.updated_at).getTime());

      // Removing the inline image from the text removes its object (by the URL's last segment); the cover stays.
      await editor.getByRole('img', { name: 'A single dot' }).click();
      await page
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Remove image' })
        .click();
      await saved.waitFor({ timeout: 15_000 });
      await expect
        .poll(async () => (await articleRow(id)).content, { timeout: 15_000 })
        .not.toContain('<img');
      await expect.poll(() => storedObject(inlineName), { timeout: 10_000 }).toEqual([]);
      expect(await storedObject(coverName)).toHaveLength(1);

      // Delete from the dashboard: the article and its cover are gone.
      await page.goto(url('/dashboard'));
      await page.getByRole('link', { name: title }).waitFor();
      await page.getByRole('button', { name: `Delete “${title}”` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`“${title}” was deleted.`).waitFor();
      expect(await testSql('select 1 from public.articles where id = $1', [id])).toEqual([]);
      expect(await storedObject(coverName)).toEqual([]);
      await context.close();
    },
  );

  it('another user’s article opens as “not found or not yours”', async () => {
    const email = uniqueEmail('other');
    await createConfirmedUser(email, 'other-pass-1', 'Olly Other');
    const { page, context } = await startJourney(browser);
    await signInAt(page, email, 'other-pass-1', `/article-editor/${seededDraft}`);
    await page.getByRole('heading', { name: 'Article not found or not yours' }).waitFor();
    expect(await page.getByText('Work in progress').count()).toBe(0);
    await context.close();
  });

  it('the generator writes an offline draft that opens in the editor and is published from there', async () => {
    const email = uniqueEmail('gen');
    await createConfirmedUser(email, 'gen-pass-1', 'Gina Gen');
    const { page, context } = await startJourney(browser);
    await signInAt(page, email, 'gen-pass-1', '/article-generator');
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
      'Wi-Fi for a Wick guest house',
    );
    await page
      .getByRole('textbox', { name: 'Article text' })
      .getByRole('heading', { name: 'Conclusion' })
      .waitFor();
    const id = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Published. The article is public now.').waitFor();
    const pub = await served(`/articles/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.text).toContain('<meta data-head property="og:title" content="Wi-Fi for a Wick guest house">');
    expect(pub.text).toMatch(/<h2[^>]*>Conclusion<\/h2>/);
    await context.close();
  });
});
