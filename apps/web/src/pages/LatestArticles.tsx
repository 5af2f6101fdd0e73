import { LatestArticlesSection } from '../articles/LatestArticlesSection';

/** The latest articles on home and /services: the three newest published ones, or plainly none yet. */
export function LatestArticles({ tone }: { tone?: 'plain' | 'muted' }) {
  return <LatestArticlesSection tone={tone} />;
}
