// The article editor in Chromium against the local backend: scheduling a minute ahead (public at its time with
// nobody acting), autosave through an offline period, and bad input refused with a clear message and nothing written.
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { backend, createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { articleRow, editorPage, png, served, startArticle } from './articles-e2e.ts';
import { signInAt, startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

async function writer(tag: string) {
  const email = uniqueEmail(tag);
  const id = await createConfirmedUser(email, 'writer-pass-1', `Writer ${tag}`);
  const journey = await startJourney(browser);
  await signInAt(journey.page, email, 'writer-pass-1', '/article-editor');
  return { ...journey, userId: id };
}

describe('the article editor', () => {
  it('schedules an article a minute ahead; it goes public at that time with nobody acting', async () => {
    const { page, context } = await writer('scheduler');
    const title = `Scheduled harbour news ${Date.now()}`;
    const id = await startArticle(page, title, 'Out at the turn of the minute.');
    // The next whole minute at least 60 s from now, in the browser's local time (the field's format).
    const at = await page.evaluate(() => {
      const d = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return {
        iso: d.toISOString(),
        local: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`,
      };
    });
    await page.getByLabel('Publish at').fill(at.local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText(/^Scheduled for /).waitFor();
    await page.getByText(/^Goes public /).waitFor();
    const row = await articleRow(id);
    expect(row.status).toBe('published');
    expect(new Date(row.published_at!).toISOString()).toBe(at.iso);

    // Before its time: not public, served or read in the browser.
    expect((await served(`/articles/${id}`)).status).toBe(404);
    const reader = await startJourney(browser);
    await reader.page.goto(url(`/articles/${id}`));
    await reader.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await reader.page.getByRole('heading', { level: 1, name: title }).count()).toBe(0);

    // The database's clock reaches the scheduled time: the stored time is moved to one second before the
    // database's now() (the policy compares published_at with now(); nothing else about the article changes).
    await testSql(`update public.articles set published_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    expect((await served(`/articles/${id}`)).status).toBe(200);
    await reader.page.reload();
    await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.page.getByText('Out at the turn of the minute.').waitFor();
    await reader.context.close();
    await context.close();
  }, 90_000);

  it(
    'autosave keeps the text through an offline period and saves it when back online, also after a reload',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await writer('offline');
      const id = await startArticle(page, `Offline drafting ${Date.now()}`, 'Written online.');
      const editor = editorPage(page);
      // Offline as the page sees it (navigator.onLine, the online/offline events, failing requests), and as the
      // backend does: Chromium's emulation alone was seen to let a request through that it reported as failed.
      const backendRequests = `${backend().url}/**`;
      const offline = async (on: boolean) => {
        if (on) await context.route(backendRequests, (r) => r.abort('internetdisconnected'));
        else await context.unroute(backendRequests);
        await context.setOffline(on);
      };
      const failedSaves: string[] = [];
      page.on('requestfailed', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/rest/v1/articles')) failedSaves.push(r.url());
      });

      // Offline: the save fails, says so, and the text stays in the editor and in this browser.
      await offline(true);
      await page.keyboard.type(' Typed on the ferry.');
      await editor.notSaved.waitFor({ timeout: 15_000 });
      await expect(editor.text.textContent()).resolves.toContain('Written online. Typed on the ferry.');
      const tried = failedSaves.length;
      expect(tried).toBeGreaterThan(0);
      await editor.notSaved.getByRole('button', { name: 'retry' }).click();
      await expect.poll(() => failedSaves.length).toBeGreaterThan(tried);
      await editor.notSaved.waitFor();
      await expect(editor.text.textContent()).resolves.toContain('Typed on the ferry.');
      expect((await articleRow(id)).content).not.toContain('ferry');
      expect(await page.evaluate((key) => localStorage.getItem(key), `article-draft:${id}`)).toContain(
        'Typed on the ferry.',
      );

      // Back online: saved without anyone pressing anything.
      await offline(false);
      await editor.saved.waitFor({ timeout: 15_000 });
      expect((await articleRow(id)).content).toBe('<p>Written online. Typed on the ferry.</p>');
      expect(await page.evaluate((key) => localStorage.getItem(key), `article-draft:${id}`)).toBeNull();

      // Offline again; the same browser profile (its storage, as after a restart) opens the article once the network
      // is back, while the offline tab is still open: the text is restored from this browser, then saved.
      await offline(true);
      await editor.text.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' And on the quay.');
      await editor.notSaved.waitFor({ timeout: 15_000 });
      expect((await articleRow(id)).content).not.toContain('quay');
      const later = await browser.newContext({ storageState: await context.storageState() });
      // First with the backend still unreachable from there: not "not found", but a clear "could not be loaded"
      // that says the browser's changes are kept, and nothing written.
      await later.route(backendRequests, (r) => r.abort('internetdisconnected'));
      const reopened = await later.newPage();
      await reopened.goto(url(`/article-editor/${id}`));
      await reopened.getByRole('heading', { name: 'The article could not be loaded' }).waitFor();
      await reopened
        .getByText(/^Changes you made in this browser that had not reached the server are kept/)
        .waitFor();
      expect(await reopened.getByText('Article not found or not yours').count()).toBe(0);
      expect((await articleRow(id)).content).not.toContain('quay');
      await later.unroute(backendRequests);
      await reopened.getByRole('button', { name: 'Try again' }).click();
      await reopened
        .getByText('Restored changes from this browser that had not reached the server yet.')
        .waitFor();
      await expect(editorPage(reopened).text.textContent()).resolves.toContain('And on the quay.');
      await editorPage(reopened).saved.waitFor({ timeout: 15_000 });
      expect((await articleRow(id)).content).toBe(
        '<p>Written online. Typed on the ferry. And on the quay.</p>',
      );
      await later.close();
      await context.close();
    },
  );

  it(
    'refuses an empty or over-long title, a slug in use and a wrong or oversized image, writing nothing',
    { timeout: 90_000 },
    async () => {
      const { page, context, errors, userId } = await writer('badinput');
      const editor = editorPage(page);
      const ownArticles = () => testSql('select id from public.articles where author_id = $1', [userId]);
      const ownObjects = () =>
        testSql(`select name from storage.objects where bucket_id = 'article-images' and owner = $1`, [
          userId,
        ]);

      // No title: nothing is saved, however long the text, and it cannot be published.
      await page.getByRole('heading', { name: 'Create Article' }).waitFor();
      await editor.text.click();
      await page.keyboard.type('Text before any title.');
      await page.getByText('Give the article a title: it saves automatically from then on.').waitFor();
      // Not saving, and it says so (not 'Saving…' while nothing is sent).
      await editor.notSaved.waitFor();
      expect(await page.getByRole('button', { name: 'Publish now' }).isDisabled()).toBe(true);
      await page.waitForTimeout(2_500); // longer than the autosave's debounce (1.5 s)
      expect(await ownArticles()).toEqual([]);

      // An over-long title is cut at the limit (300) by the field.
      const title = page.getByLabel('Title', { exact: true });
      await title.fill('T'.repeat(301));
      await expect(title.inputValue()).resolves.toHaveLength(300);
      await title.fill(`Careful writing ${Date.now()}`);
      await editor.saved.waitFor({ timeout: 15_000 });
      await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      const before = await articleRow(id);

      // A slug another article uses: the save is refused, the field says why, the stored slug is unchanged.
      const slug = page.getByLabel('Slug');
      await slug.fill('moving-a-caithness-business-to-the-cloud');
      await editor.notSaved.waitFor({ timeout: 15_000 });
      await page
        .getByText('Another article already uses this slug. Choose another one.', { exact: true })
        .waitFor();
      expect((await articleRow(id)).slug).toBe(before.slug);
      await slug.fill(before.slug);
      await editor.saved.waitFor({ timeout: 15_000 });

      // Clearing the title of a saved article: the field says so and the stored title stays.
      await title.fill('');
      await page.getByText('Enter a title.').waitFor();
      await editor.notSaved.waitFor();
      expect(await page.getByRole('button', { name: 'Schedule', exact: true }).isDisabled()).toBe(true);
      await page.waitForTimeout(2_500);
      expect((await articleRow(id)).title).toBe(before.title);

      // Images: a PDF and a PNG over 5 MB are refused before any upload, with the reason.
      const cover = page.getByLabel('Cover image', { exact: true });
      await cover.setInputFiles({
        name: 'brochure.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await page
        .getByText('“brochure.pdf” is not an image the site accepts. Use PNG, JPEG, GIF, WebP or AVIF.')
        .waitFor();
      // Noise does not compress: 1300 × 1300 RGBA is over 6 MB, and within the 2000 px downscaling limit.
      const noisy = new PNG({ width: 1300, height: 1300 });
      for (let i = 0; i < noisy.data.length; i++) noisy.data[i] = (Math.random() * 256) | 0;
      const big = PNG.sync.write(noisy, { deflateLevel: 1 });
      expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
      await cover.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      await page
        .getByText('“big.png” is larger than 5 MB. Choose a smaller image.')
        .waitFor({ timeout: 20_000 });
      expect(await ownObjects()).toEqual([]);
      expect(await ownArticles()).toHaveLength(1);
      // The small image that fits is accepted (the check is not refusing everything).
      await cover.setInputFiles({ name: 'fits.png', mimeType: 'image/png', buffer: png('2e8b57') });
      await expect.poll(async () => (await ownObjects()).length, { timeout: 15_000 }).toBe(1);
      expect(errors.filter((e) => !/HTTP 409 /.test(e))).toEqual([]);
      await context.close();
    },
  );
});
