// What the article journeys share: the served page, small distinct PNGs, the stored row and objects, and the
// editor's controls.
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { publishArticle } from '@pentland/articles';
import { baseUrl, testSql, type SignedInUser } from './helpers.ts';

/** The body of a served page (the part after the head), before any script runs. */
export const bodyOf = (html: string): string => html.slice(html.indexOf('<div id="root">'));

/** The served answer of a path (before any script runs). */
export const served = async (path: string) => {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, text: await res.text(), headers: res.headers };
};

let counter = 0;
/** A published article of `author` with a unique title and slug. */
export async function publishedArticleOf(
  author: SignedInUser,
  title: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; slug: string }> {
  counter += 1;
  const slug = `blog-${Date.now()}-${process.pid}-${counter}`;
  const { data, error } = await author.client
    .from('articles')
    .insert({ title, slug, content: `<p>${title} in full.</p>`, excerpt: `About ${title}.`, ...fields })
    .select('id')
    .single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  await publishArticle(author.client, id);
  return { id, slug };
}

/** A 1×1 PNG of one colour ('rrggbb'): two colours, two different files. */
export const png = (rgb: string): Buffer => {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16));
  const image = new PNG({ width: 1, height: 1 });
  image.data = Buffer.from([r!, g!, b!, 255]);
  return PNG.sync.write(image);
};

/** The object name (prefix or time, a random string, the extension) in an article-images URL. */
export const imageName = /article-images\/(\d+-[a-z0-9]{10}\.png)/;

export const storedObject = (name: string) =>
  testSql(`select 1 from storage.objects where bucket_id = 'article-images' and name = $1`, [name]);

export interface StoredArticle {
  title: string;
  content: string;
  slug: string;
  status: string;
  published_at: string | null;
  updated_at: string;
  cover_image_url: string | null;
}

export const articleRow = async (id: string): Promise<StoredArticle> =>
  (
    await testSql<StoredArticle>(
      'select title, content, slug, status, published_at, updated_at, cover_image_url from public.articles where id = $1',
      [id],
    )
  )[0]!;

/** The editor page's controls. */
export const editorPage = (page: Page) => {
  const status = page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Not saved)/ });
  return {
    text: page.getByRole('textbox', { name: 'Article text' }),
    status,
    saved: status.filter({ hasText: /^Saved$/ }),
    notSaved: status.filter({ hasText: /^Not saved/ }),
  };
};

/** Types at the end of the article's text. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await editorPage(page).text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** On /article-editor: a title and a first paragraph, saved; returns the new article's id. */
export async function startArticle(page: Page, title: string, text: string): Promise<string> {
  const editor = editorPage(page);
  await page.getByRole('heading', { name: 'Create Article' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await editor.text.click();
  await page.keyboard.type(text);
  await editor.saved.waitFor({ timeout: 15_000 });
  await page.waitForURL(/\/article-editor\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}
