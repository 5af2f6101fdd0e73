import { useEffect, useState } from 'react';
import {
  articleNeighbours,
  fetchPublishedArticle,
  toPublicArticle,
  toPublicNeighbours,
} from '@pentland/articles';
import { loadSupabase } from '../../lib/supabase.ts';
import { initialArticle, type ServedArticle } from './initialData.ts';

export type View =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | ({ kind: 'ready' } & ServedArticle);

/**
 * A published article by id or slug and the articles it links onwards to (`articleNeighbours`): the ones being
 * rendered on the server, or read (and sanitised) in the browser on a navigation, with the page's head tags then
 * swapped for the article's.
 */
export function useArticle(id: string): View {
  // The article being rendered on the server; in the browser (which never hydrates a served article: that page is
  // served as islands) there is none, and the article is read.
  const [served] = useState(() => initialArticle(id));
  const [loaded, setLoaded] = useState<{ id: string; view: View } | null>(null);
  const view: View = served
    ? { kind: 'ready', ...served }
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
        const neighbours = toPublicNeighbours(await articleNeighbours(client, row));
        if (!active) return;
        setView({ kind: 'ready', article, neighbours });
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

  return view;
}
