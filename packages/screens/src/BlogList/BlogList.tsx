import { blogHeading, blogHref, blogPageSize, blogPath, tagHref, type BlogPage } from '@pentland/articles';
import { homeContent } from '@pentland/site-data';
import {
  ArticleCard,
  ButtonLink,
  EmptyState,
  Grid,
  Link,
  NotFound,
  PageHeader,
  Pagination,
  Section,
  Stack,
  Text,
} from '@pentland/ui';

export interface BlogListProps {
  /** The page to show: its tag and number, its cards, how many articles match and how many pages they fill. */
  blog: BlogPage;
}

const lead =
  'Guides and news from our engineers on cloud, security, Dynamics 365 and technology in the Highlands.';

/** '13–24 of 30 articles'. */
function summaryOf({ query, cards, total }: BlogPage): string | undefined {
  if (total === 0) return undefined;
  const from = (query.page - 1) * blogPageSize + 1;
  return `${from}–${from + cards.length - 1} of ${total} ${total === 1 ? 'article' : 'articles'}`;
}

/**
 * The blog index (/articles): published articles newest first as cards (cover, title, author, date, reading time,
 * excerpt, tags linking to their articles), the tag being shown, an empty state, and the pages as links.
 */
export function BlogList({ blog }: BlogListProps) {
  const { query, cards, pageCount } = blog;
  const all = <Link to={blogPath}>All articles</Link>;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Home', to: '/' }, ...(query.tag ? [{ label: 'Articles', to: blogPath }] : [])]}
        title={blogHeading(query.tag)}
        lead={query.tag ? undefined : lead}
      />
      <Section>
        <Stack gap="6">
          {query.tag && cards.length > 0 && (
            <Text>
              Articles with the tag “{query.tag}”, newest first. {all}
            </Text>
          )}
          {cards.length === 0 ? (
            <EmptyState action={query.tag ? <ButtonLink to={blogPath}>All articles</ButtonLink> : undefined}>
              {query.tag ? `No published article has the tag “${query.tag}” yet.` : homeContent.articlesEmpty}
            </EmptyState>
          ) : (
            <Grid aria-label="Articles">
              {cards.map((card, i) => (
                <ArticleCard
                  key={card.id}
                  priority={i === 0}
                  headingLevel="h2"
                  title={card.title}
                  to={card.path}
                  excerpt={card.excerpt}
                  author={card.author}
                  publishedAt={card.publishedAt}
                  dateLabel={card.dateLabel}
                  readingTime={card.readingTime}
                  cover={card.cover}
                  tags={card.tags.map((t) => ({ label: t, to: tagHref(t) }))}
                />
              ))}
            </Grid>
          )}
          <Pagination
            page={query.page}
            pageCount={pageCount}
            hrefFor={(page) => blogHref({ ...query, page })}
            label="Pages of articles"
            summary={summaryOf(blog)}
          />
        </Stack>
      </Section>
    </>
  );
}

/** An address of the blog that names no page (past the last page, or a page that is not a number): back to it. */
export function BlogPageNotFound() {
  return (
    <NotFound
      title="Page Not Found"
      message="There is no such page of articles."
      homeTo={blogPath}
      homeLabel="All articles"
    />
  );
}
