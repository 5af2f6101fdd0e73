import { articlePath, articleStateLabels } from '@pentland/articles';
import { Badge, Button, ButtonLink, Inline, PageHeader, SaveStatus } from '@pentland/ui';
import type { ArticleEditor } from './useArticleEditor.ts';

/** The editor's header: its state (and when a scheduled article goes public), the save status, the actions. */
export function EditorHeader({ editor }: { editor: ArticleEditor }) {
  const { article, state, autosave, preview, valid, busy, act } = editor;
  return (
    <PageHeader
      title={article ? 'Edit Article' : 'Create Article'}
      meta={
        <Inline gap="3">
          <Badge tone={state === 'published' ? 'positive' : state === 'scheduled' ? 'brand' : 'neutral'}>
            {articleStateLabels[state]}
          </Badge>
          {state === 'scheduled' && article?.published_at && (
            <span>
              Goes public{' '}
              {new Date(article.published_at).toLocaleString('en-GB', {
                dateStyle: 'long',
                timeStyle: 'short',
              })}
            </span>
          )}
          <SaveStatus status={autosave.status} error={autosave.error} onRetry={() => void autosave.flush()} />
        </Inline>
      }
      actions={
        <>
          {article && (
            <Button variant="secondary" onClick={editor.toggleHistory} aria-pressed={editor.history}>
              {editor.history ? 'Back to editing' : 'History'}
            </Button>
          )}
          <Button variant="secondary" onClick={editor.togglePreview} aria-pressed={preview}>
            {preview ? 'Back to editing' : 'Preview'}
          </Button>
          {state !== 'published' && (
            <Button variant="accent" busy={busy} onClick={() => void act('publish')} disabled={!valid}>
              Publish now
            </Button>
          )}
          {state !== 'draft' && (
            <Button variant="secondary" busy={busy} onClick={() => void act('unpublish')}>
              Unpublish
            </Button>
          )}
          {state === 'published' && article && (
            <ButtonLink to={articlePath(article)} variant="ghost">
              View public page
            </ButtonLink>
          )}
        </>
      }
    />
  );
}
