import { Grid } from '../Grid/Grid.tsx';
import { Link } from '../Link/Link.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Section } from '../Container/Container.tsx';
import { Text } from '../Text/Text.tsx';
import { ArticleCard, type ArticleCardProps } from './ArticleCard.tsx';

export interface LatestArticlesProps {
  articles: readonly (ArticleCardProps & { id: string })[];
  title?: string;
  intro?: string;
  tone?: 'plain' | 'surface' | 'muted';
  /** Shown when there is no published article yet. */
  emptyText?: string;
  /** A link under the cards to every article ('All articles'). */
  moreLink?: { label: string; to: string };
}

/** The 'Latest articles' band of the home and services pages. */
export function LatestArticles({
  articles,
  title = 'Latest articles',
  intro,
  tone = 'plain',
  emptyText = 'No articles yet. Check back soon.',
  moreLink,
}: LatestArticlesProps) {
  const list =
    articles.length === 0 ? (
      <Text tone="muted">{emptyText}</Text>
    ) : (
      <Grid>
        {articles.map(({ id, ...card }) => (
          <ArticleCard key={id} {...card} />
        ))}
      </Grid>
    );
  return (
    <Section title={title} id="latest-articles" intro={intro} tone={tone}>
      {moreLink ? (
        <Stack gap="5">
          {list}
          <Text weight="semibold">
            <Link to={moreLink.to}>{moreLink.label}</Link>
          </Text>
        </Stack>
      ) : (
        list
      )}
    </Section>
  );
}
