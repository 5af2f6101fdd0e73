import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ArticleError,
  copyArticleImage,
  isSlugTaken,
  readArticle,
  removeArticleImage,
  toArticleError,
  type UploadedImage,
} from './api.ts';
import { articleImageUrls, replaceImageUrl } from './images.ts';
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

/**
 * A new draft with the same content, titled 'Copy of …' and a free slug. The copy owns its images: every
 * article-images file of the original (cover and content) is copied to a new name under the upload name rule and
 * the copy points at those, so that editing or deleting one article never touches the other's files. An image whose
 * file is already gone keeps its address. When the copy cannot be made, the files copied for it are removed again.
 */
export async function duplicateArticle(client: SupabaseClient, id: string): Promise<Article> {
  const source = await readArticle(client, id);
  if (!source) throw new ArticleError('not-found', 'This article was not found, or it is not yours.');
  const copied: UploadedImage[] = [];
  const discardCopies = () =>
    Promise.all(copied.map((image) => removeArticleImage(client, image.publicUrl).catch(() => false)));
  let content = source.content;
  let cover = source.cover_image_url;
  try {
    for (const url of articleImageUrls(source)) {
      const image = await copyArticleImage(client, url);
      if (!image) continue;
      copied.push(image);
      content = replaceImageUrl(content, url, image.publicUrl);
      if (cover === url) cover = image.publicUrl;
    }
    return await createArticle(client, {
      title: `Copy of ${source.title}`.slice(0, 300),
      slug: `${source.slug}-copy`,
      excerpt: source.excerpt,
      content,
      cover_image_url: cover,
      cover_image_alt: source.cover_image_alt,
      tags: source.tags,
      seo_description: source.seo_description,
    });
  } catch (err) {
    await discardCopies();
    throw err;
  }
}
