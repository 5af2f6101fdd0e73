import type { SupabaseClient } from '@supabase/supabase-js';
import { ArticleError, isSlugTaken, readArticle, toArticleError } from './api.ts';
import type { Article, ArticleDraft } from './model.ts';
import { slugify } from './slugify.ts';
import { uniqueSlug } from './slug.ts';

// The calls that make a slug from a title. They alone reach the transliteration tables (any-ascii), so the public
// pages that only read articles (home's latest articles, the article page) do not load them.

/** The first free slug for a title or typed slug: `slug`, `slug-2`, `slug-3`… (unique across the site). */
export async function freeSlug(client: SupabaseClient, wanted: string, exceptId?: string): Promise<string> {
  const base = slugify(wanted) || 'article';
  const tried: string[] = [];
  for (;;) {
    const candidate = uniqueSlug(base, tried);
    if (!(await isSlugTaken(client, candidate, exceptId))) return candidate;
    tried.push(candidate);
  }
}

export type NewArticle = Partial<ArticleDraft> & Pick<ArticleDraft, 'title'>;

/** Creates a draft owned by the caller; the slug is made unique from the given slug or the title. */
export async function createArticle(client: SupabaseClient, draft: NewArticle): Promise<Article> {
  const slug = await freeSlug(client, draft.slug || draft.title);
  const { data, error } = await client
    .from('articles')
    .insert({ content: '', tags: [], ...draft, slug, status: 'draft' })
    .select('*')
    .single();
  if (error) throw toArticleError(error);
  return data as Article;
}

/** A new draft with the same content, titled 'Copy of …' and a free slug; images are shared, not copied. */
export async function duplicateArticle(client: SupabaseClient, id: string): Promise<Article> {
  const source = await readArticle(client, id);
  if (!source) throw new ArticleError('not-found', 'This article was not found, or it is not yours.');
  return createArticle(client, {
    title: `Copy of ${source.title}`.slice(0, 300),
    slug: `${source.slug}-copy`,
    excerpt: source.excerpt,
    content: source.content,
    cover_image_url: source.cover_image_url,
    cover_image_alt: source.cover_image_alt,
    tags: source.tags,
    seo_description: source.seo_description,
  });
}
