import type { PublicNeighbours } from '@pentland/articles';
import { Card, Link, Stack, Text } from '@pentland/ui';
import * as css from './ArticleNeighbours.css.ts';

/**
 * The published articles before and after this one by publish date (each may be null), and the other published
 * articles sharing a tag with it (up to three): `toPublicNeighbours`' answer.
 */
export type ArticleNeighboursProps = PublicNeighbours;

/** One of the two neighbours: what it is, and its title as the link. */
function NeighbourCard({
  label,
  rel,
  article,
}: {
  label: string;
  rel: 'prev' | 'next';
  article: { title: string; path: string };
}) {
  return (
    <Card className={css.card}>
      <Stack gap="1">
        <Text size="sm" tone="muted">
          {label}
        </Text>
        <Link to={article.path} rel={rel}>
          {article.title}
        </Link>
      </Stack>
    </Card>
  );
}

/**
 * Below an article: the previous and next articles by publish date (the next one on the right), and the related
 * articles by shared tag, each a link by title. Shows nothing when there is nothing to link.
 */
export function ArticleNeighbours({ previous, next, related }: ArticleNeighboursProps) {
  if (!previous && !next && related.length === 0) return null;
  return (
    <Stack as="nav" gap="6" aria-label="More articles">
      {(previous || next) && (
        <ul className={css.pair} aria-label="Previous and next articles">
          {previous && (
            <li className={css.cell}>
              <NeighbourCard label="Previous article" rel="prev" article={previous} />
            </li>
          )}
          {next && (
            <li className={`${css.cell} ${css.next}`}>
              <NeighbourCard label="Next article" rel="next" article={next} />
            </li>
          )}
        </ul>
      )}
      {related.length > 0 && (
        <Card title="Related articles" titleAs="h2">
          <Stack as="ul" gap="2" aria-label="Related articles">
            {related.map((a) => (
              <Link key={a.path} to={a.path}>
                {a.title}
              </Link>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
