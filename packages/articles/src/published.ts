// The public reads: what a visitor may see of the articles (an article page, home's latest, the blog index, an
// article's neighbours), and the versions the site's server checks its renderings against.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ArticleError,
  isNetworkFailure,
  listColumns,
  networkMessage,
  toArticleError,
  type ArticleSummary,
} from './api.ts';
import { blogPageSize } from './blog.ts';
import type { Article, ArticleWithAuthor } from './model.ts';
import { isUuid } from './slug.ts';

/**
 * A published article by id or slug, with its author's name; null when there is none, it is a draft or scheduled
 * for later, or the backend answered with an error. Throws only when the backend cannot be reached (the caller
 * then falls back to rendering in the browser).
 */
export async function fetchPublishedArticle(
  client: SupabaseClient,
  idOrSlug: string,
  now = new Date(),
): Promise<ArticleWithAuthor | null> {
  const q = client
    .from('articles')
    .select('*, author:profiles(full_name)')
    .eq(isUuid(idOrSlug) ? 'id' : 'slug', idOrSlug)
    .eq('status', 'published')
    .lte('published_at', now.toISOString())
    .limit(1);
  const { data, error } = await q;
  if (error) {
    if (isNetworkFailure(error)) throw new ArticleError('network', networkMessage, error);
    return null;
  }
  return ((data ?? [])[0] as ArticleWithAuthor | undefined) ?? null;
}

/** The newest published articles, newest first (home and /services 'Latest articles', the feed, the sitemap). */
export async function latestArticles(
  client: SupabaseClient,
  limit = 3,
  now = new Date(),
): Promise<ArticleSummary[]> {
  const { data, error } = await client
    .from('articles')
    .select(listColumns)
    .eq('status', 'published')
    .lte('published_at', now.toISOString())
    .order('published_at', { ascending: false })
    .limit(limit);
  if (error) throw toArticleError(error);
  return (data ?? []) as unknown as ArticleSummary[];
}

/** Where a published article's page links onwards: the published articles just before and after it, and related ones. */
export interface ArticleNeighbours {
  previous: ArticleSummary | null;
  next: ArticleSummary | null;
  /** Up to `relatedLimit` other published articles sharing a tag with it, newest first. */
  related: ArticleSummary[];
}

/**
 * An article's neighbours by publish date and its related articles by shared tag. Only published articles whose
 * time has come are asked for (and, for anyone but their author, the only ones the row-level security lets through),
 * so a draft or a scheduled article never appears. Throws ArticleError.
 */
export async function articleNeighbours(
  client: SupabaseClient,
  article: Pick<Article, 'id' | 'published_at' | 'tags'>,
  { now = new Date(), relatedLimit = 3 }: { now?: Date; relatedLimit?: number } = {},
): Promise<ArticleNeighbours> {
  const published = () =>
    client
      .from('articles')
      .select(listColumns)
      .eq('status', 'published')
      .lte('published_at', now.toISOString())
      .neq('id', article.id);
  const at = article.published_at ?? now.toISOString();
  const [previous, next, related] = await Promise.all([
    published().lt('published_at', at).order('published_at', { ascending: false }).limit(1),
    published().gt('published_at', at).order('published_at', { ascending: true }).limit(1),
    article.tags.length
      ? published()
          .overlaps('tags', article.tags)
          .order('published_at', { ascending: false })
          .limit(relatedLimit)
      : Promise.resolve({ data: [], error: null }),
  ]);
  for (const r of [previous, next, related]) if (r.error) throw toArticleError(r.error);
  const first = (r: { data: unknown }) => ((r.data as ArticleSummary[] | null) ?? [])[0] ?? null;
  return {
    previous: first(previous),
    next: first(next),
    related: (related.data ?? []) as unknown as ArticleSummary[],
  };
}

/** A page of the blog index: the published articles (with content, for the reading time) and how many match. */
export interface PublishedPage {
  rows: ArticleWithAuthor[];
  total: number;
}

/**
 * The published articles of one page of the blog index (`blogPageSize` a page, newest first, optionally with a tag)
 * and how many match. A page past the end answers no rows and the total. Throws ArticleError ('network' when the
 * backend cannot be reached).
 */
export async function publishedArticlesPage(
  client: SupabaseClient,
  query: { tag: string | null; page: number },
  now = new Date(),
): Promise<PublishedPage> {
  return (await blogRange(client, `${listColumns}, content`, query, now)) as PublishedPage;
}

/**
 * The version of a page of the blog index (how many articles match, and the listed ids and `updated_at`s): it changes
 * when an article is published, comes due, is edited, unpublished or deleted anywhere on or before the page.
 */
export async function publishedArticlesPageVersion(
  client: SupabaseClient,
  query: { tag: string | null; page: number },
  now = new Date(),
): Promise<string> {
  const { rows, total } = await blogRange(client, 'id, updated_at', query, now);
  return blogPageVersion({ rows: rows as { id: string; updated_at: string }[], total });
}

/** The version of a page of the blog index as `publishedArticlesPageVersion` reports it. */
export const blogPageVersion = (page: {
  rows: readonly { id: string; updated_at: string }[];
  total: number;
}): string => `${page.total}\n${articlesVersion(page.rows)}`;

async function blogRange(
  client: SupabaseClient,
  columns: string,
  query: { tag: string | null; page: number },
  now: Date,
): Promise<{ rows: unknown[]; total: number }> {
  const filtered = (q: ReturnType<ReturnType<SupabaseClient['from']>['select']>) => {
    let f = q.eq('status', 'published').lte('published_at', now.toISOString());
    if (query.tag) f = f.contains('tags', [query.tag]);
    return f;
  };
  const from = (query.page - 1) * blogPageSize;
  const { data, error, count } = await filtered(client.from('articles').select(columns, { count: 'exact' }))
    .order('published_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + blogPageSize - 1);
  if (error?.code === 'PGRST103') {
    // The range starts past the end: only the total is needed.
    const counted = await filtered(client.from('articles').select('id', { count: 'exact', head: true }));
    if (counted.error) throw toArticleError(counted.error);
    return { rows: [], total: counted.count ?? 0 };
  }
  if (error) throw toArticleError(error);
  return { rows: data ?? [], total: count ?? 0 };
}

// ───────────────────────── versions (the server's page cache) ─────────────────────────

/**
 * What the public may see of one article, reduced to its version (`<id> <updated_at>`; every change to the row moves
 * `updated_at`), or null when it is not public (unpublished, scheduled, deleted, unknown). A server holding a
 * rendering of the article serves it only while this is unchanged: one small indexed read instead of the whole
 * article and its author. An unreachable backend is thrown (ArticleError 'network').
 */
export async function publishedArticleVersion(
  client: SupabaseClient,
  idOrSlug: string,
  now = new Date(),
): Promise<string | null> {
  const { data, error } = await client
    .from('articles')
    .select('id, updated_at')
    .eq(isUuid(idOrSlug) ? 'id' : 'slug', idOrSlug)
    .eq('status', 'published')
    .lte('published_at', now.toISOString())
    .limit(1);
  if (error) {
    if (isNetworkFailure(error)) throw new ArticleError('network', networkMessage, error);
    return null;
  }
  const row = (data ?? [])[0] as { id: string; updated_at: string } | undefined;
  return row ? articleVersion(row) : null;
}

/** The version of one article row as `publishedArticleVersion` reports it. */
export const articleVersion = (row: { id: string; updated_at: string }): string =>
  `${row.id} ${row.updated_at}`;

/**
 * The version of the set `latestArticles(client, limit)` returns (its ids and `updated_at`s): it changes when an
 * article is published, comes due, is edited, unpublished or deleted.
 */
export async function publishedArticlesVersion(
  client: SupabaseClient,
  limit: number,
  now = new Date(),
): Promise<string> {
  const { data, error } = await client
    .from('articles')
    .select('id, updated_at')
    .eq('status', 'published')
    .lte('published_at', now.toISOString())
    .order('published_at', { ascending: false })
    .limit(limit);
  if (error) throw toArticleError(error);
  return articlesVersion((data ?? []) as { id: string; updated_at: string }[]);
}

/** The version of a list of article rows as `publishedArticlesVersion` reports it (order does not matter). */
export const articlesVersion = (rows: readonly { id: string; updated_at: string }[]): string =>
  rows.map(articleVersion).sort().join('\n');
