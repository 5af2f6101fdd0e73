import { useParams } from 'react-router-dom';
import { absoluteUrl } from '@pentland/site-data';
import {
  ArticleView,
  Breadcrumb,
  Container,
  NotFound,
  PageSpinner,
  Section,
  ShareLinks,
  Stack,
} from '@pentland/ui';
import { ArticleNeighbours } from '@pentland/screens';
import { Island } from '../../lib/island.tsx';
import { useArticle } from './useArticle.ts';

/** /articles/{id or slug}: a published article. The server renders it with its data; navigation loads it here. */
export default function ArticlePage() {
  const { id = '' } = useParams();
  const view = useArticle(id);
  if (view.kind === 'loading') return <PageSpinner label="Loading the article..." />;
  if (view.kind === 'missing' || view.kind === 'error')
    return (
      <NotFound
        title={view.kind === 'missing' ? 'Article not found' : 'The article could not be loaded'}
        message={
          view.kind === 'missing'
            ? 'This article does not exist, or it has not been published yet.'
            : 'Check your connection and reload the page.'
        }
      />
    );
  const { article, neighbours } = view;
  const share = { url: absoluteUrl(article.path), title: article.title };
  return (
    <Section>
      <Container width="medium">
        <Stack gap="7">
          <ArticleView
            eyebrow={
              <Breadcrumb
                items={[
                  { label: 'Home', to: '/' },
                  { label: 'Articles', to: '/articles' },
                ]}
              />
            }
            title={article.title}
            html={article.html}
            author={article.author}
            publishedAt={article.publishedAt}
            dateLabel={article.dateLabel}
            readingTime={article.readingTime}
            tags={article.tags}
            cover={article.cover}
          />
          <Island name="ShareIsland" props={share}>
            <ShareLinks {...share} />
          </Island>
          <ArticleNeighbours {...neighbours} />
        </Stack>
      </Container>
    </Section>
  );
}
