import { Alert, PageSpinner, Section, Stack } from '@pentland/ui';
import { ArticleConflictDialog } from '@pentland/screens';
import { ArticleFields } from './ArticleFields.tsx';
import { ArticleHistoryView } from './ArticleHistoryView.tsx';
import { ArticlePreview } from './ArticlePreview.tsx';
import { EditorHeader } from './EditorHeader.tsx';
import { LoadProblem } from './LoadProblem.tsx';
import { useArticleEditor } from './useArticleEditor.ts';

/**
 * /article-editor and /article-editor/{id}: write, illustrate, save automatically, preview, publish or schedule;
 * a save refused because the article changed elsewhere shows both versions and asks which to keep, or merges them; the revision history compares and
 * restores revisions.
 */
export default function ArticleEditorPage() {
  const editor = useArticleEditor();
  const { load, notice, valid, draft, article } = editor;
  if (editor.waiting) return <PageSpinner label="Loading the article..." />;
  if (load.kind === 'unreachable' || load.kind === 'missing')
    return <LoadProblem load={load} onRetry={editor.retry} />;
  return (
    <>
      <EditorHeader editor={editor} />
      <Section>
        <Stack gap="5">
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          {!valid && draft.title.trim() === '' && !article && (
            <Alert tone="info">Give the article a title: it saves automatically from then on.</Alert>
          )}
          {editor.history ? (
            <ArticleHistoryView editor={editor} />
          ) : editor.preview ? (
            <ArticlePreview editor={editor} />
          ) : (
            <ArticleFields editor={editor} />
          )}
        </Stack>
      </Section>
      <ArticleConflictDialog
        open={editor.conflict}
        comparison={editor.comparison}
        onKeepMine={editor.keepMine}
        onTakeTheirs={editor.takeTheirs}
        onMerge={editor.mergeBoth}
      />
    </>
  );
}
