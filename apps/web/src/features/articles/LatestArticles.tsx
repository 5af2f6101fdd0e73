import { useEffect, useState } from 'react';
import { useServedData } from '../../lib/servedData.ts';
import { homeContent } from '@pentland/site-data';
import { LatestArticles as LatestArticlesBand } from '@pentland/ui';
import { latestCount, servedLatest, type LatestCards } from './latestCards.ts';

/**
 * The 'Latest articles' band of the home and services pages: the three newest published articles. The server
 * renders them into the page on request (and the page carries them for hydrating); otherwise — a navigation within
 * the app, or the prerendered page served while the backend was unreachable — they are loaded after the page shows,
 * with a row of cards' height reserved meanwhile so nothing jumps.
 */
export function LatestArticles({ tone = 'plain' }: { tone?: 'plain' | 'surface' | 'muted' }) {
  const served = useServedData(servedLatest);
  const [cards, setCards] = useState<LatestCards | null>(served);
  useEffect(() => {
    if (served) return;
    let active = true;
    import('./latestArticleCards.ts')
      .then(({ latestArticleCards }) => latestArticleCards(latestCount))
      .then(
        (c) => active && setCards(c),
        () => active && setCards([]),
      );
    return () => {
      active = false;
    };
  }, [served]);
  return (
    <div
      // Live data to load: on a page that starts the app on interaction, this band coming near the viewport starts it.
      data-needs-app={served ? undefined : ''}
      // Room for a row of cards only while they load; an answer with none leaves just the band's short message.
      style={{ minHeight: cards === null ? '24rem' : undefined }}
      aria-busy={cards === null || undefined}
    >
      <LatestArticlesBand
        tone={tone}
        title={homeContent.articlesHeading}
        emptyText={cards === null ? 'Loading the latest articles…' : homeContent.articlesEmpty}
        articles={cards ?? []}
        moreLink={homeContent.articlesLink}
      />
    </div>
  );
}
