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

/** What a call that could not reach the backend says. */
export const networkMessage = 'Could not reach the server. Check your connection and try again.';

export interface PostgrestLikeError {
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

/** Whether an error is the backend not answering (offline, refused, timed out) rather than a refusal. */
export function isNetworkFailure(error: PostgrestLikeError | null | undefined): boolean {
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
