import type { SupabaseClient } from '@supabase/supabase-js';
import { diffWords } from 'diff';
import { ArticleError, toArticleError } from './api.ts';
import type { Article, ArticleDraft } from './model.ts';
import { plainText } from './text.ts';

/** What a revision was: the article created, its content edited, published (or scheduled), unpublished, restored. */
export type RevisionKind = 'create' | 'edit' | 'publish' | 'unpublish' | 'restore';

/** A field a revision changed. */
export type RevisionField = keyof ArticleDraft | 'status' | 'published_at';

/** A row of public.article_revisions, as listed (without the text). */
export interface ArticleRevision {
  id: number;
  article_id: string;
  editor_id: string | null;
  kind: RevisionKind;
  changed: RevisionField[];
  version: number;
  title: string;
  slug: string;
  excerpt: string | null;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  tags: string[];
  seo_description: string | null;
  status: 'draft' | 'published';
  published_at: string | null;
  restored_from: number | null;
  /** How many saves this revision holds (an author's edits within a few minutes are one revision). */
  saves: number;
  created_at: string;
  updated_at: string;
  editor: { full_name: string | null } | null;
}

/** A revision with its text. */
export interface ArticleRevisionWithContent extends ArticleRevision {
  content: string;
}

export const revisionKindLabels: Record<RevisionKind, string> = {
  create: 'Created',
  edit: 'Edited',
  publish: 'Published',
  unpublish: 'Unpublished',
  restore: 'Restored',
};

export const revisionFieldLabels: Record<RevisionField, string> = {
  title: 'title',
  slug: 'slug',
  excerpt: 'excerpt',
  content: 'text',
  cover_image_url: 'cover',
  cover_image_alt: 'cover description',
  tags: 'tags',
  seo_description: 'SEO description',
  status: 'status',
  published_at: 'publication time',
};

/** One line about a revision: "Edited title, text (3 saves)". */
export function revisionSummary(revision: Pick<ArticleRevision, 'kind' | 'changed' | 'saves'>): string {
  const fields = revision.changed
    .filter((f) => f !== 'status' && f !== 'published_at')
    .map((f) => revisionFieldLabels[f]);
  const what = fields.length && revision.kind !== 'create' ? ` ${fields.join(', ')}` : '';
  const saves = revision.saves > 1 ? ` (${revision.saves} saves)` : '';
  return `${revisionKindLabels[revision.kind]}${what}${saves}`;
}

const revisionColumns =
  'id, article_id, editor_id, kind, changed, version, title, slug, excerpt, cover_image_url, cover_image_alt, tags, seo_description, status, published_at, restored_from, saves, created_at, updated_at, editor:profiles(full_name)';

const networkError = (err: unknown) =>
  new ArticleError('network', 'Could not reach the server. Check your connection and try again.', err);

/** An article's revisions, newest first (the author's and administrators' only; others get none). */
export async function listRevisions(client: SupabaseClient, articleId: string): Promise<ArticleRevision[]> {
  let result;
  try {
    result = await client
      .from('article_revisions')
      .select(revisionColumns)
      .eq('article_id', articleId)
      .order('id', { ascending: false });
  } catch (err) {
    throw networkError(err);
  }
  if (result.error) throw toArticleError(result.error);
  return result.data as unknown as ArticleRevision[];
}

/** Revisions by id, with their text (in the order asked). */
export async function readRevisions(
  client: SupabaseClient,
  ids: readonly number[],
): Promise<ArticleRevisionWithContent[]> {
  let result;
  try {
    result = await client
      .from('article_revisions')
      .select(`${revisionColumns}, body:article_revision_bodies(content)`)
      .in('id', [...ids]);
  } catch (err) {
    throw networkError(err);
  }
  if (result.error) throw toArticleError(result.error);
  const rows = result.data as unknown as (ArticleRevision & { body: { content: string } | null })[];
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const { body, ...rest } = row;
    return [{ ...rest, content: body?.content ?? '' }];
  });
}

/**
 * Restores a revision's content into its article (its publication state stays), recorded as a new 'restore'
 * revision; returns the article. A revision the caller may not read is 'not-found'; with `version`, a restore based
 * on a stale version of the article is a 'conflict'.
 */
export async function restoreRevision(
  client: SupabaseClient,
  revisionId: number,
  options: { version?: number } = {},
): Promise<Article> {
  let result;
  try {
    result = await client.rpc('restore_article_revision', {
      p_revision: revisionId,
      p_version: options.version ?? null,
    });
  } catch (err) {
    throw networkError(err);
  }
  if (result.error) {
    if (result.error.code === 'PT404' || result.error.hint === 'revision_not_found')
      throw new ArticleError(
        'not-found',
        'This revision was not found, or it is not yours to restore.',
        result.error,
      );
    throw toArticleError(result.error);
  }
  return result.data as Article;
}

/** A stretch of a word-level diff: kept, added (in the newer) or removed (from the older). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The words that differ between two texts (plain text; runs of white space count as one space). */
export function wordDiff(older: string, newer: string): DiffPart[] {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  return diffWords(norm(older), norm(newer)).map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}

/** A field of two revisions side by side, as the history's diff shows it. */
export interface FieldDiff {
  field: RevisionField;
  label: string;
  parts: DiffPart[];
}

type Comparable = Pick<
  ArticleRevisionWithContent,
  | 'title'
  | 'slug'
  | 'excerpt'
  | 'content'
  | 'cover_image_url'
  | 'cover_image_alt'
  | 'tags'
  | 'seo_description'
>;

/**
 * What changed from one revision to another, field by field (the text compared as the reader reads it, without
 * markup); fields that are the same are left out.
 */
export function revisionDiff(older: Comparable, newer: Comparable): FieldDiff[] {
  const fields: [RevisionField, (r: Comparable) => string][] = [
    ['title', (r) => r.title],
    ['slug', (r) => r.slug],
    ['content', (r) => plainText(r.content)],
    ['excerpt', (r) => r.excerpt ?? ''],
    ['tags', (r) => r.tags.join(', ')],
    ['seo_description', (r) => r.seo_description ?? ''],
    ['cover_image_url', (r) => r.cover_image_url ?? ''],
    ['cover_image_alt', (r) => r.cover_image_alt ?? ''],
  ];
  return fields.flatMap(([field, of]) => {
    const a = of(older);
    const b = of(newer);
    if (a === b && (field !== 'content' || older.content === newer.content)) return [];
    return [{ field, label: revisionFieldLabels[field], parts: wordDiff(a, b) }];
  });
}
