import { formatArticleDate, parseTags, readingTimeLabel } from '@pentland/articles';
import { ArticleView, Badge, Container } from '@pentland/ui';
import { browserSanitizer } from '../browserSanitizer.ts';
import type { ArticleEditor } from './useArticleEditor.ts';

/** The draft as its public page will show it (sanitised as the public page is). */
export function ArticlePreview({ editor: { draft, article } }: { editor: ArticleEditor }) {
  const html = browserSanitizer()(draft.content);
  return (
    <Container width="medium">
      <ArticleView
        eyebrow={<Badge tone="brand">Preview</Badge>}
        title={draft.title || 'Untitled article'}
        html={html}
        publishedAt={article?.published_at ?? new Date().toISOString()}
        dateLabel={formatArticleDate(article?.published_at ?? new Date().toISOString())}
        readingTime={readingTimeLabel(html)}
        tags={parseTags(draft.tags)}
        cover={draft.cover_image_url ? { url: draft.cover_image_url, alt: draft.cover_image_alt } : null}
      />
    </Container>
  );
}
