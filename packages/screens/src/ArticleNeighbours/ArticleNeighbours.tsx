import type { PublicNeighbours } from '@pentland/articles';
import { Card, Grid, Link, Stack, Text } from '@pentland/ui';

/**
 * The published articles before and after this one by publish date (each may be null), and the other published
 * articles sharing a tag with it (up to three): `toPublicNeighbours`' answer.
 */
export type ArticleNeighboursProps = PublicNeighbours;

/**
 * Below an article: the previous and next articles by publish date, and the related articles by shared tag, each a
 * link by title. Shows nothing when there is nothing to link.
 */
export function ArticleNeighbours({ previous, next, related }: ArticleNeighboursProps) {
  if (!previous && !next && related.length === 0) return null;
  return (
    <Stack as="nav" gap="6" aria-label="More articles">
      {(previous || next) && (
        <Grid columns={2} gap="4" aria-label="Previous and next articles">
          {previous && (
            <Card>
              <Stack gap="1">
                <Text size="sm" tone="muted">
                  Previous article
                </Text>
                <Link to={previous.path} rel="prev">
                  {previous.title}
                </Link>
              </Stack>
            </Card>
          )}
          {next && (
            <Card>
              <Stack gap="1">
                <Text size="sm" tone="muted">
                  Next article
                </Text>
                <Link to={next.path} rel="next">
                  {next.title}
                </Link>
              </Stack>
            </Card>
          )}
        </Grid>
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
