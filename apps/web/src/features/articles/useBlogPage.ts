import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { parseBlogQuery } from '@pentland/articles';
import { loadSupabase } from '../../lib/supabase.ts';
import { readBlogView, servedBlog, type BlogView } from './blogData.ts';

export type BlogState = BlogView | { kind: 'loading' } | { kind: 'error' };

/**
 * The blog page of the address (`?tag=`, `?page=`): the one the page was served with (on the server, and hydrating
 * that page), or read in the browser after a navigation within the app (or when the server could not reach the
 * backend). An address that names no page is missing at once.
 */
export function useBlogPage(): BlogState {
  const { search } = useLocation();
  const [embedded, setEmbedded] = useState(() => {
    const view = servedBlog.get();
    return view ? { search, view } : null;
  });
  const [loaded, setLoaded] = useState<{ search: string; state: BlogState } | null>(null);
  // The served page describes its own address only: once the address changes, it is dropped for good.
  if (embedded && embedded.search !== search) setEmbedded(null);
  const served = embedded?.search === search ? embedded.view : null;
  useEffect(() => servedBlog.forget(), []);
  useEffect(() => {
    const query = parseBlogQuery(search);
    if (served || !query) return;
    let active = true;
    void (async () => {
      try {
        const view = await readBlogView(await loadSupabase(), query);
        if (!active) return;
        setLoaded({ search, state: view });
        if (view.kind === 'page') {
          const { applyBlogHead } = await import('./articleHeadHtml.ts');
          applyBlogHead(view.blog);
        }
      } catch {
        if (active) setLoaded({ search, state: { kind: 'error' } });
      }
    })();
    return () => {
      active = false;
    };
  }, [search, served]);
  if (served) return served;
  if (!parseBlogQuery(search)) return { kind: 'missing' };
  return loaded?.search === search ? loaded.state : { kind: 'loading' };
}
