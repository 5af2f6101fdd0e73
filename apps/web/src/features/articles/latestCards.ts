import { articlePath, cardCover, formatArticleDate, type ArticleSummary } from '@pentland/articles';
import { readImageTransformations } from '../../config.ts';
import type { LatestArticlesProps } from '@pentland/ui';
import { servedData } from '../../lib/servedData.ts';

export type LatestCards = LatestArticlesProps['articles'];

/** How many articles home's and /services' 'Latest articles' band shows. */
export const latestCount = 3;

/** The newest articles as the band's cards. */
export function toLatestCards(rows: readonly ArticleSummary[]): LatestCards {
  const transformations = readImageTransformations(import.meta.env);
  return rows.map((a) => ({
    id: a.id,
    title: a.title,
    to: articlePath(a),
    excerpt: a.excerpt,
    publishedAt: a.published_at,
    dateLabel: a.published_at ? formatArticleDate(a.published_at) : undefined,
    cover: cardCover(a, { transformations }),
  }));
}

/** The cards the server rendered the band with, carried by the served page. */
export const servedLatest = servedData<LatestCards>('latest-articles-data');
