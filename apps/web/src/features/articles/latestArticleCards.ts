import { articlePath, formatArticleDate, latestArticles } from '@pentland/articles';
import type { LatestArticlesProps } from '@pentland/ui';
import { loadSupabase } from '../../lib/supabase.ts';

/**
 * The three newest published articles as cards. Loaded after the page shows (with supabase-js), so that the
 * article calls stay out of the first load of home and /services.
 */
export async function latestArticleCards(limit = 3): Promise<LatestArticlesProps['articles']> {
  const rows = await latestArticles(await loadSupabase(), limit);
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    to: articlePath(a),
    excerpt: a.excerpt,
    publishedAt: a.published_at,
    dateLabel: a.published_at ? formatArticleDate(a.published_at) : undefined,
    cover: a.cover_image_url ? { url: a.cover_image_url, alt: a.cover_image_alt } : null,
  }));
}
