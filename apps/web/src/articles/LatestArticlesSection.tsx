import { useEffect, useState } from 'react';
import { articlePath, formatArticleDate, latestArticles, type ArticleSummary } from '@pentland/articles';
import { homeContent } from '@pentland/site-data';
import { LatestArticles } from '@pentland/ui';
import { useSupabase } from '../lib/useSupabase';

/**
 * The 'Latest articles' band of the home and services pages: the three newest published articles, loaded after
 * the page shows (the prerendered page stays the same for everyone); it reserves its height so nothing jumps.
 */
export function LatestArticlesSection({ tone = 'plain' }: { tone?: 'plain' | 'surface' | 'muted' }) {
  const client = useSupabase();
  const [rows, setRows] = useState<ArticleSummary[] | null>(null);
  useEffect(() => {
    if (!client) return;
    let active = true;
    latestArticles(client, 3).then(
      (r) => active && setRows(r),
      () => active && setRows([]),
    );
    return () => {
      active = false;
    };
  }, [client]);
  return (
    <div
      style={{ minHeight: rows && rows.length > 0 ? undefined : '24rem' }}
      aria-busy={rows === null || undefined}
    >
      <LatestArticles
        tone={tone}
        title={homeContent.articlesHeading}
        emptyText={rows === null ? 'Loading the latest articles…' : homeContent.articlesEmpty}
        articles={(rows ?? []).map((a) => ({
          id: a.id,
          title: a.title,
          to: articlePath(a),
          excerpt: a.excerpt,
          publishedAt: a.published_at,
          dateLabel: a.published_at ? formatArticleDate(a.published_at) : undefined,
          cover: a.cover_image_url ? { url: a.cover_image_url, alt: a.cover_image_alt } : null,
        }))}
      />
    </div>
  );
}
