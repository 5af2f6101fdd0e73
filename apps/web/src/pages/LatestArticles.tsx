import { homeContent } from '@pentland/site-data';
import { EmptyState, Section } from '@pentland/ui';

/** The place of the latest articles on home and /services; it says so plainly until articles are published. */
export function LatestArticles({ tone }: { tone?: 'plain' | 'muted' }) {
  return (
    <Section tone={tone} title={homeContent.articlesHeading} id="latest-articles">
      <EmptyState>{homeContent.articlesEmpty}</EmptyState>
    </Section>
  );
}
