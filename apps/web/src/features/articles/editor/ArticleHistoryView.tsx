import { ArticleHistory } from '@pentland/screens';
import type { ArticleEditor } from './useArticleEditor.ts';
import { useArticleHistory } from './useArticleHistory.ts';

/** The editor's revision history: compare two revisions, restore one into the editor. */
export function ArticleHistoryView({ editor }: { editor: ArticleEditor }) {
  const { revisions, error, loadDiff } = useArticleHistory(editor.article?.id, editor.historyVersion);
  return (
    <ArticleHistory
      revisions={revisions}
      error={error}
      loadDiff={loadDiff}
      onRestore={(r) => editor.restore(r, revisions ? revisions.length - revisions.indexOf(r) : 0)}
    />
  );
}
