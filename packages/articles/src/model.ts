import { maxSlugLength, slugMessages, slugProblem } from './slug.ts';

/** A row of public.articles. */
export interface Article {
  id: string;
  author_id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  /** Rich text as HTML (rendered only after sanitising). */
  content: string;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  tags: string[];
  seo_description: string | null;
  status: 'draft' | 'published';
  /** When the article is (or becomes) public; a time in the future schedules it. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * 1 when created, one more on every update (the database counts). A save that names the version it was based on
   * is refused with `ArticleError` 'conflict' when the article has changed since.
   */
  version: number;
}

/** An article with its author's name, as the public page and the dashboard show it. */
export interface ArticleWithAuthor extends Article {
  author: { full_name: string | null } | null;
}

/** The fields a user edits. */
export type ArticleDraft = Pick<
  Article,
  | 'title'
  | 'slug'
  | 'excerpt'
  | 'content'
  | 'cover_image_url'
  | 'cover_image_alt'
  | 'tags'
  | 'seo_description'
>;

/** Where an article stands for the public: decided by the database in the same way (RLS: published_at <= now()). */
export type ArticleState = 'draft' | 'scheduled' | 'published';

export function articleState(
  article: Pick<Article, 'status' | 'published_at'>,
  now: Date = new Date(),
): ArticleState {
  if (article.status !== 'published') return 'draft';
  if (article.published_at && new Date(article.published_at).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}

export const articleStateLabels: Record<ArticleState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** Limits the database enforces too (check constraints of the articles migrations). */
export const articleLimits = {
  title: 300,
  slug: maxSlugLength,
  excerpt: 500,
  seoDescription: 160,
  tags: 10,
  tag: 40,
  coverAlt: 300,
  /** Characters of HTML. */
  content: 500_000,
} as const;

export type ArticleField =
  'title' | 'slug' | 'excerpt' | 'seo_description' | 'tags' | 'cover_image_alt' | 'content';
export type ArticleErrors = Partial<Record<ArticleField, string>>;

/** A tag as stored: trimmed, single spaces, lower-case. */
export function normaliseTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Tags from a comma-separated input: normalised, without empties or repeats. */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const out: string[] = [];
  for (const part of parts) {
    const tag = normaliseTag(part);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** Field errors of a draft; empty when it can be saved. The database checks the same limits. */
export function validateArticle(draft: Partial<ArticleDraft>): ArticleErrors {
  const errors: ArticleErrors = {};
  if (draft.title !== undefined) {
    const title = draft.title.trim();
    if (!title) errors.title = 'Enter a title.';
    else if (title.length > articleLimits.title)
      errors.title = `The title must be at most ${articleLimits.title} characters.`;
  }
  if (draft.slug !== undefined) {
    const problem = slugProblem(draft.slug);
    if (problem) errors.slug = slugMessages[problem];
  }
  if (draft.excerpt && draft.excerpt.length > articleLimits.excerpt)
    errors.excerpt = `The excerpt must be at most ${articleLimits.excerpt} characters.`;
  if (draft.seo_description && draft.seo_description.length > articleLimits.seoDescription)
    errors.seo_description = `The SEO description must be at most ${articleLimits.seoDescription} characters.`;
  if (draft.cover_image_alt && draft.cover_image_alt.length > articleLimits.coverAlt)
    errors.cover_image_alt = `The cover image description must be at most ${articleLimits.coverAlt} characters.`;
  if (draft.tags) {
    if (draft.tags.length > articleLimits.tags) errors.tags = `Use at most ${articleLimits.tags} tags.`;
    else if (draft.tags.some((t) => t.length > articleLimits.tag))
      errors.tags = `Each tag must be at most ${articleLimits.tag} characters.`;
    else if (draft.tags.some((t) => /[<>]/.test(t))) errors.tags = 'Tags are plain words: leave out < and >.';
  }
  if (draft.content !== undefined && draft.content.length > articleLimits.content)
    errors.content = 'The article is too long to save. Split it into two articles.';
  return errors;
}

/** The description search engines and link previews show: the SEO description, else the excerpt. */
export function metaDescriptionOf(article: Pick<Article, 'seo_description' | 'excerpt'>): string | null {
  return article.seo_description?.trim() || article.excerpt?.trim() || null;
}

/** '23 November 2026' in the site's locale and time zone. */
export function formatArticleDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}

/** The public address of an article: its slug (the id works too, and says the same). */
export function articlePath(article: Pick<Article, 'slug'>): string {
  return `/articles/${article.slug}`;
}
