import { useEffect, useState } from 'react';
import { homeContent } from '@pentland/site-data';
import { LatestArticles as LatestArticlesBand, type LatestArticlesProps } from '@pentland/ui';

type Cards = LatestArticlesProps['articles'];

/**
 * The 'Latest articles' band of the home and services pages: the three newest published articles, loaded after
 * the page shows (the prerendered page stays the same for everyone; the article calls and supabase-js are not
 * part of the first load); while they load it reserves a row of cards' height so nothing jumps.
 */
export function LatestArticles({ tone = 'plain' }: { tone?: 'plain' | 'surface' | 'muted' }) {
  const [cards, setCards] = useState<Cards | null>(null);
  useEffect(() => {
    let active = true;
    import('./latestArticleCards.ts')
      .then(({ latestArticleCards }) => latestArticleCards(3))
      .then(
        (c) => active && setCards(c),
        () => active && setCards([]),
      );
    return () => {
      active = false;
    };
  }, []);
  return (
    <div
      // Live data: on a page that starts the app on interaction, this band coming near the viewport starts it.
      data-needs-app=""
      // Room for a row of cards only while they load; an answer with none leaves just the band's short message.
      style={{ minHeight: cards === null ? '24rem' : undefined }}
      aria-busy={cards === null || undefined}
    >
      <LatestArticlesBand
        tone={tone}
        title={homeContent.articlesHeading}
        emptyText={cards === null ? 'Loading the latest articles…' : homeContent.articlesEmpty}
        articles={cards ?? []}
      />
    </div>
  );
}
