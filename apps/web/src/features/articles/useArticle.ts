import { useEffect, useState } from 'react';
import {
  articleNeighbours,
  fetchPublishedArticle,
  toPublicArticle,
  toPublicNeighbours,
} from '@pentland/articles';
import { loadSupabase } from '../../lib/supabase.ts';
import { forgetInitialArticle, initialArticle, type ServedArticle } from './initialData.ts';

export type View =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | ({ kind: 'ready' } & ServedArticle);

/**
 * A published article by id or slug and the articles it links onwards to (`articleNeighbours`): the ones the page was
 * served with (on the server, and hydrating that page), or read (and sanitised) in the browser on a navigation, with
 * the page's head tags then swapped for the article's.
 */
export function useArticle(id: string): View {
  // The served page's article hydrates this mount only; navigating back to it later loads it afresh.
  const [embedded] = useState(() => initialArticle(id));
  const served = embedded && (embedded.article.id === id || embedded.article.slug === id) ? embedded : null;
  const [loaded, setLoaded] = useState<{ id: string; view: View } | null>(null);
  useEffect(() => {
    if (embedded) forgetInitialArticle();
  }, [embedded]);
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
