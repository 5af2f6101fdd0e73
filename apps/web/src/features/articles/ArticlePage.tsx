import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fetchPublishedArticle, toPublicArticle, type PublicArticle } from '@pentland/articles';
import { ArticleView, Breadcrumb, Container, NotFound, PageSpinner, Section } from '@pentland/ui';
import { forgetInitialArticle, initialArticle } from './initialData.ts';
import { loadSupabase } from '../../lib/supabase.ts';

type View =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'ready'; article: PublicArticle };

/** /articles/{id or slug}: a published article. The server renders it with its data; navigation loads it here. */
export default function ArticlePage() {
  const { id = '' } = useParams();
  // The served page's article hydrates this mount only; navigating back to it later loads it afresh.
  const [embedded] = useState(() => initialArticle(id));
  const served = embedded && (embedded.id === id || embedded.slug === id) ? embedded : null;
  const [loaded, setLoaded] = useState<{ id: string; view: View } | null>(null);
  useEffect(() => {
    if (embedded) forgetInitialArticle();
  }, [embedded]);
  const view: View = served
    ? { kind: 'ready', article: served }
    : loaded?.id === id
      ? loaded.view
      : { kind: 'loading' };
  useEffect(() => {
    if (served) return;
    let active = true;
    const setView = (v: View) => setLoaded({ id, view: v });
    void (async () => {
      try {
        const [client, { browserSanitizer }] = await Promise.all([
          loadSupabase(),
          import('./browserSanitizer.ts'),
        ]);
        const row = await fetchPublishedArticle(client, id);
        if (!active) return;
        if (!row) return setView({ kind: 'missing' });
        const article = toPublicArticle(row, browserSanitizer());
        setView({ kind: 'ready', article });
        const { applyArticleHead } = await import('./articleHeadHtml.ts');
        applyArticleHead(article);
      } catch {
        if (active) setView({ kind: 'error' });
      }
    })();
    return () => {
      active = false;
    };
  }, [id, served]);

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
  const { article } = view;
  return (
    <Section>
      <Container width="medium">
        <ArticleView
          eyebrow={<Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Articles' }]} />}
          title={article.title}
          html={article.html}
          author={article.author}
          publishedAt={article.publishedAt}
          dateLabel={article.dateLabel}
          readingTime={article.readingTime}
          tags={article.tags}
          cover={article.cover}
        />
      </Container>
    </Section>
  );
}
