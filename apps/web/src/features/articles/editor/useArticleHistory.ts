import { useCallback, useEffect, useState } from 'react';
import {
  listRevisions,
  readRevisions,
  revisionDiff,
  ArticleError,
  type ArticleRevision,
} from '@pentland/articles';
import { useSupabase } from '../../../lib/supabase.ts';

/** An article's revisions (loaded again whenever `reload` changes) and the comparison of two of them. */
export function useArticleHistory(articleId: string | undefined, reload: number) {
  const client = useSupabase();
  const [revisions, setRevisions] = useState<ArticleRevision[] | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!client || !articleId) return;
    let active = true;
    listRevisions(client, articleId).then(
      (rows) => {
        if (!active) return;
        setRevisions(rows);
        setError(undefined);
      },
      (err: unknown) => active && setError((err as Error).message),
    );
    return () => {
      active = false;
    };
  }, [client, articleId, reload]);

  const loadDiff = useCallback(
    async (older: number, newer: number) => {
      if (!client) throw new ArticleError('network', 'Still connecting…');
      const [a, b] = await readRevisions(client, [older, newer]);
      if (!a || !b) throw new ArticleError('not-found', 'This revision was not found.');
      return revisionDiff(a, b);
    },
    [client],
  );

  return { revisions: articleId ? revisions : [], error, loadDiff };
}
