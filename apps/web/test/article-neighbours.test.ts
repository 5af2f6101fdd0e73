// An article page links onwards in its served HTML (before any script): the previous and next published articles by
// date and the related ones by shared tag; an unpublished neighbour is gone from the next page served, a draft never
// shows; in Chromium at 1280 and 375 px, a link followed within the app renders the next page's links the same way.
import { beforeAll, describe, expect, it } from 'vitest';
import { unpublishArticle } from '@pentland/articles';
import { signedInUser, testSql, type SignedInUser } from './helpers.ts';
import { bodyOf, served } from './articles-e2e.ts';
import { startJourney, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

let author: SignedInUser;
beforeAll(async () => {
  author = await signedInUser('neighbours');
});

/** Whether the body has a link to `slug` with `rel`. */
const linksTo = (body: string, slug: string, rel: string) =>
  (body.match(/<a [^>]*>/g) ?? []).some(
    (a) => a.includes(`href="/articles/${slug}"`) && a.includes(`rel="${rel}"`),
  );

const run = `${Date.now()}-${process.pid}`;
// Published minutes apart on a day of their own long ago, so no other journey's article falls between them.
const base = new Date(Date.UTC(2002, 0, 1) + (Date.now() % 500_000) * 60_000);

/** An article of `author` with the run's tag, published `minute` minutes after `base` (or left a draft). */
async function article(name: string, minute: number | 'draft'): Promise<{ id: string; slug: string }> {
  const slug = `neighbours-${name}-${run}`;
  const { data, error } = await author.client
    .from('articles')
    .insert({ title: `${name} ${run}`, slug, content: `<p>${name}.</p>`, tags: [`near${run}`] })
    .select('id')
    .single();
  if (error) throw error;
  const { id } = data as { id: string };
  if (minute !== 'draft')
    await testSql(`update public.articles set status = 'published', published_at = $2 where id = $1`, [
      id,
      new Date(base.getTime() + minute * 60_000).toISOString(),
    ]);
  return { id, slug };
}

describe('an article page’s previous, next and related links', () => {
  let older: { id: string; slug: string };
  let current: { id: string; slug: string };

  it('links its neighbours and related articles, never a draft, and drops one once it is unpublished', async () => {
    older = await article('older', 0);
    const draft = await article('draft', 'draft');
    current = await article('current', 2);
    const newer = await article('newer', 3);
    const href = (a: { slug: string }) => `href="/articles/${a.slug}"`;

    const first = bodyOf((await served(`/articles/${current.slug}`)).text);
    expect(linksTo(first, older.slug, 'prev')).toBe(true);
    expect(linksTo(first, newer.slug, 'next')).toBe(true);
    expect(first).toContain('Previous article');
    expect(first).toContain('Next article');
    const related = first.slice(first.indexOf('Related articles'));
    expect(related).toContain(href(older));
    expect(related).toContain(href(newer));
    expect(first).not.toContain(draft.slug);

    // Unpublished by its author through the API: the page served next (the server held a rendering) drops it.
    await unpublishArticle(author.client, newer.id);
    const second = bodyOf((await served(`/articles/${current.slug}`)).text);
    expect(second).not.toContain(newer.slug);
    expect(linksTo(second, older.slug, 'prev')).toBe(true);
    expect(second).not.toContain(draft.slug);
  });

  it.each([1280, 375])(
    'at %i px: nothing scrolls sideways; followed in the app, the links are rendered alike',
    async (width) => {
      const { page, context, errors } = await startJourney(browser, { width, height: 900 });
      await page.goto(url(`/articles/${current.slug}`), { waitUntil: 'domcontentloaded', timeout: 30_000 });
      const more = page.getByRole('navigation', { name: 'More articles' });
      await more.waitFor({ timeout: 30_000 });
      if (process.env.NEIGHBOURS_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.NEIGHBOURS_SCREENSHOTS}/neighbours-${width}.png`,
          fullPage: true,
        });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The previous article, loaded in the browser: its next one is this article (the draft between is skipped).
      await more
        .getByRole('link', { name: `older ${run}` })
        .first()
        .click();
      await page.waitForURL(url(`/articles/${older.slug}`), { timeout: 30_000 });
      await expect(
        more
          .getByRole('link', { name: `current ${run}` })
          .first()
          .getAttribute('rel'),
      ).resolves.toBe('next');
      expect(await page.getByText(`draft ${run}`).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
