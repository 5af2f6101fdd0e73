// The articles a visitor can find without running a script: the newest three in the served HTML of home and
// /services, and the blog index /articles (tags, pages, canonical links, JSON-LD, bad addresses), each following a
// publish and an unpublish at once; /articles in Chromium at 1280 and 375 px.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  articleImagesBucket,
  latestArticles,
  publishedArticlesPage,
  unpublishArticle,
} from '@pentland/articles';
import sharp from 'sharp';
import { escapeHtml } from '@pentland/site-data';
import { signedInUser, supabaseClient, type SignedInUser } from './helpers.ts';
import { bodyOf, publishedArticleOf, served } from './articles-e2e.ts';
import { startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

let author: SignedInUser;
beforeAll(async () => {
  author = await signedInUser('blog');
});

/**
 * `read()` with the newest `count` published titles as the public reads them, read before and after it; read again if
 * an article was published or retracted meanwhile (other journeys share the backend and publish their own).
 */
async function steadyRead<T>(read: () => Promise<T>, count = 3): Promise<{ titles: string[]; value: T }> {
  const anon = supabaseClient();
  for (let attempt = 0; ; attempt++) {
    const before = (await latestArticles(anon, count)).map((a) => a.title);
    const value = await read();
    const after = (await latestArticles(anon, count)).map((a) => a.title);
    if (before.join('\n') === after.join('\n') || attempt === 3) return { titles: after, value };
  }
}

/** The newest three published titles and the served body of `path`, read together. */
async function latestAndServed(path: string): Promise<{ titles: string[]; body: string; status: number }> {
  const { titles, value: page } = await steadyRead(() => served(path));
  return { titles, body: bodyOf(page.text), status: page.status };
}

/** A published article of `author` with a unique title and slug. */
const publishedArticle = (title: string, fields: Record<string, unknown> = {}) =>
  publishedArticleOf(author, title, fields);

describe('the latest articles in the served HTML of home and /services', () => {
  it.each(['/', '/services'])('%s holds the newest three articles before any script', async (path) => {
    const { titles, body, status } = await latestAndServed(path);
    expect(status).toBe(200);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(body, title).toContain(escapeHtml(title));
    expect(body).not.toContain('Loading the latest articles…');
  });

  it('a published article shows on / and /services at once, and is gone at once once unpublished', async () => {
    const title = `Newest on home ${Date.now()}`;
    // Served once before, so the server holds a rendering of both pages.
    await served('/');
    await served('/services');
    const { id } = await publishedArticle(title);
    for (const path of ['/', '/services'])
      expect(bodyOf((await served(path)).text), path).toContain(escapeHtml(title));
    await unpublishArticle(author.client, id);
    for (const path of ['/', '/services'])
      expect(bodyOf((await served(path)).text), path).not.toContain(escapeHtml(title));
  });
});

const site = 'https://pentlandcloud.co.uk';

/** The page's JSON-LD, parsed (it must be valid JSON). */
function graphOf(html: string): Record<string, unknown>[] {
  const m = /<script data-head type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(m, 'JSON-LD').not.toBeNull();
  return (JSON.parse(m![1]!) as { '@graph': Record<string, unknown>[] })['@graph'];
}

const canonicalOf = (html: string) => /<link data-head rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const linkOf = (html: string, rel: string) =>
  new RegExp(`<link data-head rel="${rel}" href="([^"]*)">`).exec(html)?.[1];
const itemsOf = (html: string) =>
  graphOf(html).find((n) => n['@type'] === 'ItemList')!.itemListElement as {
    position: number;
    url: string;
    name: string;
  }[];

describe('the blog index /articles as served', () => {
  const tag = `blogtag${Date.now() % 1_000_000}`;
  const titles: string[] = [];

  beforeAll(async () => {
    // Thirteen articles with a tag of their own: two pages of that tag, the oldest alone on the second.
    for (let i = 1; i <= 13; i++) {
      const title = `Tagged article ${i} ${tag}`;
      await publishedArticle(title, { tags: [tag, 'blog-e2e'] });
      titles.push(title);
    }
  }, 120_000);

  it('lists the published articles newest first, with canonical, next link, Blog and ItemList JSON-LD', async () => {
    const {
      value: { page, expected },
    } = await steadyRead(
      async () => ({
        page: await served('/articles'),
        expected: await publishedArticlesPage(supabaseClient(), { tag: null, page: 1 }),
      }),
      12,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.text).toContain('<title data-head>Articles | Pentland Cloud</title>');
    expect(canonicalOf(page.text)).toBe(`${site}/articles`);
    expect(linkOf(page.text, 'prev')).toBeUndefined();
    expect(linkOf(page.text, 'next')).toBe(`${site}/articles?page=2`);
    const items = itemsOf(page.text);
    expect(items.map((i) => i.name)).toEqual(expected.rows.map((r) => r.title));
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(items).toHaveLength(12);
    const graph = graphOf(page.text);
    const blog = graph.find((n) => n['@type'] === 'Blog') as { blogPost: { headline: string }[] };
    expect(blog.blogPost.map((p) => p.headline)).toEqual(items.map((i) => i.name));
    // The cards before any script: title links, the reading time, the tag links, the pages as links.
    const body = bodyOf(page.text);
    expect(body).toContain(`href="/articles/${expected.rows[0]!.slug}"`);
    expect(body).toContain('min read');
    expect(body).toContain(`href="/articles?tag=${tag}"`);
    expect(body).toMatch(/<a [^>]*rel="next"[^>]*>Next</);
    expect(body).toContain('href="/articles?page=2"');
  });

  it('a card’s cover is fetched at card size: Storage renders the stored PNG as WebP at each width of its srcset', async () => {
    const title = `Card cover ${Date.now()}`;
    const client = supabaseClient();
    const stored = client.storage.from(articleImagesBucket).getPublicUrl('seed/dynamics-365.png')
      .data.publicUrl;
    await publishedArticle(title, {
      cover_image_url: stored,
      cover_image_alt: 'Dynamics 365 in one picture',
    });
    const body = bodyOf((await served('/articles')).text);
    const card = new RegExp(`<img [^>]*>(?=(?:(?!<img ).)*?${escapeHtml(title)})`, 's').exec(body)?.[0];
    expect(card, 'the new card’s cover').toBeDefined();
    expect(card).toContain(`src="${stored}"`);
    expect(card).toMatch(
      /sizes="\(min-width: 1024px\) 23rem, \(min-width: 768px\) 50vw, calc\(100vw - 3rem\)"/,
    );
    const candidates = /srcset="([^"]+)"/i
      .exec(card!)![1]!
      .replaceAll('&amp;', '&')
      .split(', ')
      .map((c) => c.split(' ') as [string, string]);
    expect(candidates.map(([, w]) => w)).toEqual(['480w', '720w', '960w']);

    const original = await fetch(stored);
    const originalBytes = (await original.arrayBuffer()).byteLength;
    for (const [href, w] of candidates) {
      expect(href).toContain('/storage/v1/render/image/public/article-images/seed/dynamics-365.png?');
      const res = await fetch(href, { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } });
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      const { width, height, format } = await sharp(bytes).metadata();
      expect({ width, height, format }).toEqual({
        width: parseInt(w, 10),
        height: Math.round((parseInt(w, 10) * 9) / 16),
        format: 'webp',
      });
      expect(bytes.byteLength, w).toBeLessThan(originalBytes);
    }
  });

  it('a tag has its own pages: page 1 without ?page=1, page 2 with prev, and /articles/tag/{tag} redirects', async () => {
    const first = await served(`/articles?tag=${tag}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain(`<title data-head>Articles tagged “${tag}” | Pentland Cloud</title>`);
    expect(canonicalOf(first.text)).toBe(`${site}/articles?tag=${tag}`);
    expect(linkOf(first.text, 'next')).toBe(`${site}/articles?tag=${tag}&amp;page=2`);
    expect(itemsOf(first.text).map((i) => i.name)).toEqual(titles.slice(1).reverse());

    const second = await served(`/articles?tag=${tag}&page=2`);
    expect(second.status).toBe(200);
    expect(canonicalOf(second.text)).toBe(`${site}/articles?tag=${tag}&amp;page=2`);
    expect(linkOf(second.text, 'prev')).toBe(`${site}/articles?tag=${tag}`);
    expect(linkOf(second.text, 'next')).toBeUndefined();
    expect(itemsOf(second.text)).toEqual([expect.objectContaining({ position: 13, name: titles[0] })]);
    expect(bodyOf(second.text)).toContain('13–13 of 13 articles');

    const all2 = await served('/articles?page=2');
    expect(all2.status).toBe(200);
    expect(canonicalOf(all2.text)).toBe(`${site}/articles?page=2`);
    expect(linkOf(all2.text, 'prev')).toBe(`${site}/articles`);

    const moved = await fetch(url(`/articles/tag/${tag}`), { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/articles?tag=${tag}`);
  });

  it.each(['-1', '0', 'abc', '1.5', '01', '999999'])(
    '?page=%s is not found (404) with a link back to the articles, never a 500',
    async (p) => {
      const page = await served(`/articles?page=${p}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('<title data-head>Page Not Found | Pentland Cloud</title>');
      expect(page.text).toContain('content="noindex"');
      expect(canonicalOf(page.text)).toBeUndefined();
      expect(bodyOf(page.text)).toContain('href="/articles"');
      expect(bodyOf(page.text)).toContain('There is no such page of articles.');
    },
  );

  it('an unknown tag is an empty page (200, not indexed); a tag with markup is escaped', async () => {
    const unknown = await served('/articles?tag=no-such-tag-anywhere');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('content="noindex, follow"');
    expect(bodyOf(unknown.text)).toContain('No published article has the tag “no-such-tag-anywhere” yet.');
    expect(itemsOf(unknown.text)).toEqual([]);

    const markup = '<script>alert(1)</script>';
    const page = await served(`/articles?tag=${encodeURIComponent(markup)}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(markup);
    expect(bodyOf(page.text)).toContain(escapeHtml(markup));
    graphOf(page.text);
    // Longer than any tag may be: no such page.
    expect((await served(`/articles?tag=${'x'.repeat(41)}`)).status).toBe(404);
  });

  it('the sitemap lists /articles and the published articles', async () => {
    const sitemap = (await served('/sitemap.xml')).text;
    expect(sitemap).toContain(`<loc>${site}/articles</loc>`);
    expect(sitemap).toContain(`<loc>${site}/articles/moving-a-caithness-business-to-the-cloud</loc>`);
  });
});

describe('publishing and unpublishing, as a visitor sees it', () => {
  it('a published article is on /articles, newest first, and on / at once, and gone from both at once when unpublished', async () => {
    const title = `Fresh off the press ${Date.now()}`;
    // Both pages served once before, so the server holds renderings of them.
    await served('/articles');
    await served('/');
    const { id, slug } = await publishedArticle(title, { tags: ['blog-e2e'] });
    // At the top, unless another journey published one since: then where the public's newest-first list has it.
    const { titles, value: blog } = await steadyRead(() => served('/articles'), 12);
    const place = titles.indexOf(title);
    expect(place, 'the new article among the newest twelve').toBeGreaterThanOrEqual(0);
    expect(itemsOf(blog.text)[place]).toMatchObject({
      position: place + 1,
      name: title,
      url: `${site}/articles/${slug}`,
    });
    expect(bodyOf((await served('/')).text)).toContain(title);

    const { page, context, errors } = await startJourney(browser);
    const shown = await steadyRead(async () => {
      // The served page, without waiting for its images (a busy machine took over 10 s for them).
      await page.goto(url('/articles'), { waitUntil: 'domcontentloaded', timeout: 30_000 });
      return page.getByRole('list', { name: 'Articles' }).getByRole('heading').allTextContents();
    }, 12);
    expect(shown.value[shown.titles.indexOf(title)]).toBe(title);
    await context.close();

    await unpublishArticle(author.client, id);
    expect((await served('/articles')).text).not.toContain(title);
    expect(bodyOf((await served('/')).text)).not.toContain(title);
    expect((await served(`/articles/${slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
  }, 90_000);

  it.each([1280, 375])(
    '/articles at %i px: nothing scrolls sideways, the pages are links',
    async (width) => {
      const { page, context, errors } = await startJourney(browser, { width, height: 900 });
      await page.goto(url('/articles?page=2'), { waitUntil: 'domcontentloaded', timeout: 30_000 });
      await page.getByRole('navigation', { name: 'Pages of articles' }).waitFor({ timeout: 30_000 });
      if (process.env.BLOG_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.BLOG_SCREENSHOTS}/articles-${width}.png`,
          fullPage: true,
          timeout: 30_000,
        });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A page link works within the app once it runs (at once here: the address has a query): page 1 shows, with
      // its own canonical link. Arrived once its HTML is there; its pictures are not looked at.
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
      await page.getByRole('link', { name: 'Previous' }).click();
      await page.waitForURL(url('/articles'), { waitUntil: 'domcontentloaded', timeout: 30_000 });
      await page.getByRole('link', { name: 'Next' }).waitFor({ timeout: 30_000 });
      await expect
        .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'), { timeout: 15_000 })
        .toBe(`${site}/articles`);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
