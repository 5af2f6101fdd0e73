// A retracted article stops being public at once: the served page, the sitemap and the feed follow unpublish, delete
// and edits of a published article on the very next request (the server's page cache is checked against the
// article's current version), nothing lets a browser or a shared cache keep the old answer, and the page a visitor
// already has does not bring the article back when they come Back to it.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteArticle, publishArticle, unpublishArticle, updateArticle } from '@pentland/articles';
import { signedInUser, type SignedInUser } from './helpers.ts';
import { bodyOf, served } from './articles-e2e.ts';
import { startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';
import { createSiteServer } from '../scripts/serve.mjs';

let author: SignedInUser;
beforeAll(async () => {
  author = await signedInUser('retract');
});

let counter = 0;
/** A published article of `author`, already served once (so the server holds it). */
async function publishedArticle(title: string): Promise<{ id: string; slug: string }> {
  counter += 1;
  const slug = `retraction-${Date.now()}-${process.pid}-${counter}`;
  const { data, error } = await author.client
    .from('articles')
    .insert({ title, slug, content: `<p>${title} in full.</p>`, excerpt: `About ${title}.` })
    .select('id')
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  await publishArticle(author.client, id);
  for (const path of [`/articles/${id}`, `/articles/${slug}`]) {
    const page = await served(path);
    expect(page.status, path).toBe(200);
    expect(page.text).toContain(title);
  }
  expect((await served('/sitemap.xml')).text).toContain(`/articles/${slug}</loc>`);
  expect((await served('/feed.xml')).text).toContain(`<title>${title}</title>`);
  return { id, slug };
}

async function expectGone(id: string, slug: string, title: string): Promise<void> {
  for (const path of [`/articles/${id}`, `/articles/${slug}`]) {
    const page = await served(path);
    expect(page.status, path).toBe(404);
    expect(page.text, path).not.toContain(title);
  }
  expect((await served('/sitemap.xml')).text).not.toContain(slug);
  expect((await served('/feed.xml')).text).not.toContain(title);
}

describe('a retraction takes effect on the served page, sitemap and feed at once', () => {
  it('unpublish: the next request answers 404 and the sitemap and feed no longer list it', async () => {
    const title = `Unpublished at once ${Date.now()}`;
    const { id, slug } = await publishedArticle(title);
    await unpublishArticle(author.client, id);
    await expectGone(id, slug, title);
  });

  it('delete: the next request answers 404 and the sitemap and feed no longer list it', async () => {
    const title = `Deleted at once ${Date.now()}`;
    const { id, slug } = await publishedArticle(title);
    await deleteArticle(author.client, { id, content: '', cover_image_url: null });
    await expectGone(id, slug, title);
  });

  it('under concurrent requests (which share version checks), a request sent after the unpublish answers 404', async () => {
    const title = `Under load ${Date.now()}`;
    const { id, slug } = await publishedArticle(title);
    let stop = false;
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (!stop) await served(`/articles/${id}`);
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    await unpublishArticle(author.client, id);
    const after = await Promise.all([served(`/articles/${id}`), served(`/articles/${id}`)]);
    stop = true;
    await load;
    expect(after.map((r) => r.status)).toEqual([404, 404]);
    await expectGone(id, slug, title);
  });

  it('an edit of a published article is served at once, in the page, the sitemap and the feed', async () => {
    const title = `Before the edit ${Date.now()}`;
    const { id, slug } = await publishedArticle(title);
    const edited = `After the edit ${Date.now()}`;
    await updateArticle(author.client, id, {
      title: edited,
      excerpt: 'Rewritten.',
      content: '<p>Rewritten text.</p>',
    });
    const page = await served(`/articles/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<meta data-head property="og:title" content="${edited}">`);
    expect(page.text).toContain('Rewritten text.');
    expect(page.text).not.toContain(title);
    expect((await served('/feed.xml')).text).toContain(`<title>${edited}</title>`);
    expect((await served('/feed.xml')).text).not.toContain(title);
    expect((await served(`/articles/${slug}`)).text).toContain(edited);
  });

  it('articles rendered side by side each show their own text, never another request’s or a spinner', async () => {
    const stamp = Date.now();
    const articles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => publishedArticle(`Side by side ${i} ${stamp}`)),
    );
    // A server of its own, which has rendered nothing yet (its first renders load the page's code, so they wait
    // side by side), with all the time it needs for the backend: six renders at the same moment.
    const site = createSiteServer({
      root: inject('siteDir'),
      backend: { url: inject('backendUrl'), anonKey: inject('anonKey') },
      waitMs: 60_000,
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const pages = await Promise.all(
        articles.map(async ({ id }) => {
          const res = await fetch(`${base}/articles/${id}`);
          return { status: res.status, text: await res.text() };
        }),
      );
      pages.forEach((page, i) => {
        expect(page.status).toBe(200);
        const body = bodyOf(page.text);
        expect(body).toContain(`Side by side ${i} ${stamp} in full.`);
        expect(body).not.toContain('data-page-spinner');
      });
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('pages, sitemap and feed are revalidated by browsers and caches (no-cache with a validator)', async () => {
    const title = `Revalidated ${Date.now()}`;
    const { id } = await publishedArticle(title);
    for (const path of [`/articles/${id}`, '/sitemap.xml', '/feed.xml']) {
      const first = await served(path);
      expect(first.headers.get('cache-control'), path).toBe('no-cache');
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      const again = await fetch(url(path), { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).toBe(304);
    }
    // The same validator after the retraction is not "not modified" any more: the 404 page comes back.
    const { headers } = await served(`/articles/${id}`);
    await unpublishArticle(author.client, id);
    const after = await fetch(url(`/articles/${id}`), { headers: { 'If-None-Match': headers.get('etag')! } });
    expect(after.status).toBe(404);
  });
});

describe('the page a visitor already has', () => {
  it('after an unpublish, neither coming Back to the page nor a new visit shows the article', async () => {
    const title = `Open in a browser ${Date.now()}`;
    const { id } = await publishedArticle(title);
    const { page, context, errors } = await startJourney(browser);
    const first = await page.goto(url(`/articles/${id}`));
    expect(first?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('html[data-hydrated]').waitFor();

    await unpublishArticle(author.client, id);

    // To the home page by its link and Back: the browser holds the page as it was served, and the page asks the
    // server again (an article page is served as islands, so its link loaded home as a page of its own).
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(url(`/articles/${id}`));
    await page.getByRole('heading', { name: 'Article not found' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: title }).count()).toBe(0);

    // A new visit to the address in the same browser (whose cache holds the page): the not-found page with 404.
    await page.goto(url('/'));
    const again = await page.goto(url(`/articles/${id}`));
    expect(again?.status()).toBe(404);
    expect(await page.getByText(title).count()).toBe(0);
    expect(errors.filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
    await context.close();
  });
});
