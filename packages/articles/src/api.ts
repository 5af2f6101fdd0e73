import type { SupabaseClient } from '@supabase/supabase-js';
import {
  articleImageUrls,
  articleImagesBucket,
  imageCacheControl,
  imageFileName,
  imageProblem,
  imageProblemMessage,
  objectNameFromUrl,
  type ImageNameOptions,
} from './images.ts';
import type { Article, ArticleState, ArticleWithAuthor } from './model.ts';
import { isUuid } from './slug.ts';
import { blogPageSize } from './blog.ts';

export type ArticleErrorCode =
  | 'duplicate-slug'
  | 'invalid'
  | 'not-found'
  | 'forbidden'
  | 'network'
  | 'image-exists'
  | 'image-rejected'
  | 'conflict'
  | 'unknown';

/** A failed article or image call, with a message fit for the user and a code for the UI to branch on. */
export class ArticleError extends Error {
  constructor(
    public readonly code: ArticleErrorCode,
    message: string,
    public override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ArticleError';
  }
}

const networkMessage = 'Could not reach the server. Check your connection and try again.';

interface PostgrestLikeError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/** What the user reads when a save based on an older version of the article is refused. */
export const conflictMessage =
  'This article was changed somewhere else since you opened it (in another tab, or by an administrator). Reload it to see the latest version; your changes were not saved.';

/** A save the database refused because it was based on a version of the article that is no longer the current one. */
export const isVersionConflict = (error: PostgrestLikeError): boolean =>
  error.code === 'PT409' || error.hint === 'stale_version';

function isNetworkFailure(error: PostgrestLikeError | null | undefined): boolean {
  const text = `${error?.message ?? ''} ${error?.details ?? ''}`;
  return !error?.code && /fetch|network|Failed to|Load failed|ECONNREFUSED|aborted/i.test(text);
}

/** Turns a PostgREST error into an ArticleError with a message the user can act on. */
export function toArticleError(error: PostgrestLikeError): ArticleError {
  if (isNetworkFailure(error)) return new ArticleError('network', networkMessage, error);
  if (isVersionConflict(error)) return new ArticleError('conflict', conflictMessage, error);
  if (error.code === '23505')
    return new ArticleError(
      'duplicate-slug',
      'Another article already uses this slug. Choose another one.',
      error,
    );
  if (error.code === '23514' || error.code === '22001' || error.code === '23502' || error.code === '22P02')
    return new ArticleError(
      'invalid',
      'Some of the article’s fields are not valid. Check them and try again.',
      error,
    );
  if (error.code === 'PGRST116')
    return new ArticleError('not-found', 'This article was not found, or it is not yours.', error);
  if (error.code === '42501') return new ArticleError('forbidden', 'You may not change this article.', error);
  return new ArticleError('unknown', error.message || 'Something went wrong. Please try again.', error);
}

/** Columns the lists need (no content, which can be large). */
export const listColumns =
  'id, author_id, title, slug, excerpt, cover_image_url, cover_image_alt, tags, seo_description, status, published_at, created_at, updated_at, author:profiles(full_name)';

export type ArticleSummary = Omit<ArticleWithAuthor, 'content'>;

// ───────────────────────── images: upload, remove ─────────────────────────

export interface UploadedImage {
  /** The object's name in the bucket. */
  path: string;
  publicUrl: string;
}

/**
 * Uploads an image to the article-images bucket under the spec's name rule, with `cacheControl: 3600` and
 * `upsert: false`: an existing name is refused, never overwritten. Returns the file's public URL; a failure is
 * thrown.
 */
export async function uploadArticleImage(
  client: SupabaseClient,
  file: Blob & { name?: string },
  options: ImageNameOptions & { name?: string } = {},
): Promise<UploadedImage> {
  const problem = imageProblem(file);
  if (problem)
    throw new ArticleError(
      'image-rejected',
      imageProblemMessage(problem, file.name ? `“${file.name}”` : undefined),
    );
  const path = options.name ?? imageFileName(file.name ?? '', { ...options, type: file.type });
  const { data, error } = await client.storage
    .from(articleImagesBucket)
    .upload(path, file, { cacheControl: imageCacheControl, upsert: false, contentType: file.type });
  if (error) {
    const status = String((error as { statusCode?: string | number }).statusCode ?? '');
    const message = error.message ?? '';
    if (status === '409' || /already exists|Duplicate/i.test(message))
      throw new ArticleError(
        'image-exists',
        'An image with this name already exists; it was not replaced.',
        error,
      );
    if (status === '413' || status === '415' || /size|mime|type/i.test(message))
      throw new ArticleError('image-rejected', `The server refused the image: ${message}`, error);
    if (/fetch|network|Failed to/i.test(message) || !status)
      throw new ArticleError('network', networkMessage, error);
    throw new ArticleError('unknown', message || 'The image could not be uploaded.', error);
  }
  const { data: pub } = client.storage.from(articleImagesBucket).getPublicUrl(data.path);
  return { path: data.path, publicUrl: pub.publicUrl };
}

/**
 * Removes an image, identified by the last segment of its URL. Resolves to whether an object was
 * removed (false when it was already gone, or is not the caller's to remove); a failure is thrown.
 */
export async function removeArticleImage(client: SupabaseClient, url: string): Promise<boolean> {
  const name = objectNameFromUrl(url);
  if (!name) throw new ArticleError('invalid', 'That is not an image address.');
  const { data, error } = await client.storage.from(articleImagesBucket).remove([name]);
  if (error) {
    if (/fetch|network|Failed to/i.test(error.message))
      throw new ArticleError('network', networkMessage, error);
    throw new ArticleError('unknown', error.message || 'The image could not be removed.', error);
  }
  return (data?.length ?? 0) > 0;
}

/**
 * Copies an article image to a new object under the upload name rule (the current time, a random string, the
 * original extension), so that the copy belongs to the caller and to the article that uses it. Resolves to the new
 * file's public URL, or null when there is nothing to copy (the object is already gone); a failure is thrown.
 */
export async function copyArticleImage(
  client: SupabaseClient,
  url: string,
  options: ImageNameOptions = {},
): Promise<UploadedImage | null> {
  const name = objectNameFromUrl(url);
  if (!name) throw new ArticleError('invalid', 'That is not an image address.');
  const path = imageFileName(name, options);
  const { error } = await client.storage.from(articleImagesBucket).copy(name, path);
  if (error) {
    const status = String((error as { statusCode?: string | number }).statusCode ?? '');
    const message = error.message ?? '';
    if (status === '404' || /not.?found/i.test(message)) return null;
    if (/fetch|network|Failed to/i.test(message) || !status)
      throw new ArticleError('network', networkMessage, error);
    throw new ArticleError('unknown', message || 'The image could not be copied.', error);
  }
  const { data: pub } = client.storage.from(articleImagesBucket).getPublicUrl(path);
  return { path, publicUrl: pub.publicUrl };
}

// ───────────────────────── articles: read one, update ─────────────────────────

/** What loading one article for its editor found: the row, no such article for this user, or no server. */
export type ArticleLoad =
  { kind: 'found'; article: Article } | { kind: 'missing' } | { kind: 'unreachable'; message: string };

/**
 * One article by id, every field, telling "not there or not yours" (an unknown or malformed id, a row RLS hides)
 * apart from "the server could not be asked" (network failure, a 5xx), so an editor does not call a draft that
 * this browser still holds "not found" while offline.
 */
export async function loadArticle(client: SupabaseClient, id: string): Promise<ArticleLoad> {
  if (!isUuid(id)) return { kind: 'missing' };
  let result;
  try {
    result = await client.from('articles').select('*').eq('id', id).maybeSingle();
  } catch {
    return { kind: 'unreachable', message: networkMessage };
  }
  const { data, error, status } = result;
  if (!error) return data ? { kind: 'found', article: data as Article } : { kind: 'missing' };
  if (isNetworkFailure(error) || status === 0 || status >= 500)
    return { kind: 'unreachable', message: networkMessage };
  return { kind: 'missing' };
}

/** One article by id, every field; nothing (null) on any failure, an unknown id or one the caller may not read. */
export async function readArticle(client: SupabaseClient, id: string): Promise<Article | null> {
  const found = await loadArticle(client, id);
  return found.kind === 'found' ? found.article : null;
}

/**
 * Saves changed fields plus `updated_at` and returns the row; a failure is thrown. With `version` among
 * the changes — the version the edit was based on — the database refuses the save when the article has changed
 * since (ArticleError 'conflict', nothing saved); the returned row carries the new version. Without it the save
 * goes through whatever happened in between.
 */
export async function updateArticle(
  client: SupabaseClient,
  id: string,
  changes: Partial<Omit<Article, 'id' | 'author_id' | 'created_at' | 'updated_at'>>,
): Promise<Article> {
  let result;
  try {
    result = await client
      .from('articles')
      .update({ ...changes, updated_at: new Date().toISOString() })
      .eq('id', id)
      .select('*')
      .single();
  } catch (err) {
    throw new ArticleError('network', networkMessage, err);
  }
  if (result.error) throw toArticleError(result.error);
  return result.data as Article;
}

/** True when another article (any author's, drafts included) already has this slug. */
export async function isSlugTaken(client: SupabaseClient, slug: string, exceptId?: string): Promise<boolean> {
  const { data, error } = await client.rpc('article_slug_taken', {
    p_slug: slug,
    p_except: exceptId ?? null,
  });
  if (error) throw toArticleError(error);
  return data === true;
}

/** The version a state change is based on (refused as `conflict` when the article has changed since); none: any. */
export interface BasedOn {
  version?: number;
}

const basedOn = ({ version }: BasedOn) => (version === undefined ? {} : { version });

/** Publishes now (the database stamps published_at). */
export const publishArticle = (client: SupabaseClient, id: string, options: BasedOn = {}) =>
  updateArticle(client, id, { status: 'published', published_at: null, ...basedOn(options) });

/** Back to draft: no longer public. */
export const unpublishArticle = (client: SupabaseClient, id: string, options: BasedOn = {}) =>
  updateArticle(client, id, { status: 'draft', published_at: null, ...basedOn(options) });

/** Publishes at a future time; until then the public (and the served page) cannot see it. */
export function scheduleArticle(
  client: SupabaseClient,
  id: string,
  at: Date,
  { now = new Date(), ...options }: BasedOn & { now?: Date } = {},
): Promise<Article> {
  if (!(at.getTime() > now.getTime()))
    return Promise.reject(
      new ArticleError('invalid', 'Choose a time in the future to schedule the article.'),
    );
  return updateArticle(client, id, {
    status: 'published',
    published_at: at.toISOString(),
    ...basedOn(options),
  });
}

export interface DeletedArticle {
  /** Images whose objects were removed. */
  removed: string[];
  /** Images that could not be removed (the article itself is gone). */
  failed: string[];
  /** Images left in place: another article still uses them (the server refuses to remove those), or they were
   *  already gone. */
  kept: string[];
}

/**
 * Deletes an article, then removes its cover and content images from storage — except those another article still
 * uses, which the server keeps.
 */
export async function deleteArticle(
  client: SupabaseClient,
  article: Pick<Article, 'id' | 'content' | 'cover_image_url'>,
): Promise<DeletedArticle> {
  const { data, error } = await client.from('articles').delete().eq('id', article.id).select('id');
  if (error) throw toArticleError(error);
  if (!data?.length) throw new ArticleError('not-found', 'This article was not found, or it is not yours.');
  const removed: string[] = [];
  const failed: string[] = [];
  const kept: string[] = [];
  for (const url of articleImageUrls(article)) {
    try {
      if (await removeArticleImage(client, url)) removed.push(url);
      else kept.push(url);
    } catch {
      failed.push(url);
    }
  }
  return { removed, failed, kept };
}

// ───────────────────────── lists ─────────────────────────

export type ArticleSort = 'updated_at' | 'title' | 'published_at' | 'created_at';

export interface ArticleQuery {
  /** Only this author's articles (the dashboard of a non-admin); all the caller may read otherwise. */
  authorId?: string;
  search?: string;
  state?: ArticleState;
  tag?: string;
  sort?: ArticleSort;
  ascending?: boolean;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  now?: Date;
}

export interface ArticlePage {
  rows: ArticleSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** Escapes the pattern characters of PostgREST's ilike (`*` is its wildcard) and of LIKE. */
function likePattern(text: string): string {
  return `*${text.replace(/[\\%_*,()]/g, ' ').trim()}*`;
}

/** A page of articles for the dashboard: search in titles, filter by state and tag, sort, paginate. */
export async function listArticles(client: SupabaseClient, query: ArticleQuery = {}): Promise<ArticlePage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(query.pageSize ?? 10)));
  const now = (query.now ?? new Date()).toISOString();
  let q = client.from('articles').select(listColumns, { count: 'exact' });
  if (query.authorId) q = q.eq('author_id', query.authorId);
  if (query.search?.trim()) q = q.ilike('title', likePattern(query.search));
  if (query.state === 'draft') q = q.eq('status', 'draft');
  if (query.state === 'published') q = q.eq('status', 'published').lte('published_at', now);
  if (query.state === 'scheduled') q = q.eq('status', 'published').gt('published_at', now);
  if (query.tag) q = q.contains('tags', [query.tag]);
  const sort = query.sort ?? 'updated_at';
  q = q
    .order(sort, { ascending: query.ascending ?? sort === 'title', nullsFirst: false })
    .order('id', { ascending: true })
    .range((page - 1) * pageSize, page * pageSize - 1);
  let result;
  try {
    result = await q;
  } catch (err) {
    throw new ArticleError('network', networkMessage, err);
  }
  if (result.error) throw toArticleError(result.error);
  return {
    rows: (result.data ?? []) as unknown as ArticleSummary[],
    total: result.count ?? 0,
    page,
    pageSize,
  };
}

/** The tags used by the articles the caller lists (for the dashboard's tag filter). */
export async function listTags(client: SupabaseClient, authorId?: string): Promise<string[]> {
  let q = client.from('articles').select('tags').limit(1000);
  if (authorId) q = q.eq('author_id', authorId);
  const { data, error } = await q;
  if (error) throw toArticleError(error);
  return [...new Set((data ?? []).flatMap((r: { tags: string[] | null }) => r.tags ?? []))].sort();
}

// ───────────────────────── public reads ─────────────────────────

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
