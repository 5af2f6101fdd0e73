// The board's entries for /eboard-welcome and its display mode: read from the public eboard_board view, refreshed
// every few seconds (and at once when the browser comes back online or the tab becomes visible). Each refresh
// replaces the list, so nothing accumulates however long the screen runs; a failure keeps the last good list.
import { useEffect, useRef, useState } from 'react';
import { eboardCategoryLabel } from '@pentland/enquiries';
import type { BoardEntry } from '@pentland/ui';
import { loadSupabase } from './supabase';

export const boardRefreshMs = 3000;

export function useBoard(refreshMs = boardRefreshMs): {
  state: 'loading' | 'error' | 'ready';
  entries: BoardEntry[];
  online: boolean;
  /** An entry that appeared since the previous refresh (a new approval), for the display to show at once. */
  fresh: string | null;
} {
  const [entries, setEntries] = useState<BoardEntry[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [online, setOnline] = useState(true);
  const last = useRef('');
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      clearTimeout(timer);
      try {
        const supabase = await loadSupabase();
        const { data, error } = await supabase
          .from('eboard_board')
          .select('id, title, description, category, author, organisation, image_url, approved_at')
          .order('approved_at', { ascending: false, nullsFirst: false })
          .limit(50);
        if (error || !data) throw error ?? new Error('no data');
        const next: BoardEntry[] = data.map((r) => ({
          id: r.id as string,
          title: r.title as string,
          message: r.description as string,
          category: eboardCategoryLabel(r.category as string),
          author: r.author as string | null,
          organisation: r.organisation as string | null,
          imageUrl: r.image_url as string | null,
        }));
        const key = JSON.stringify(next);
        if (!stopped && key !== last.current) {
          const before = last.current ? new Set((JSON.parse(last.current) as BoardEntry[]).map((e) => e.id)) : null;
          const added = before ? next.find((e) => !before.has(e.id)) : undefined;
          last.current = key;
          setEntries(next);
          if (added) setFresh(added.id);
        }
        if (!stopped) {
          setState('ready');
          setOnline(true);
        }
      } catch {
        if (!stopped) {
          setOnline(false);
          setState((s) => (s === 'loading' ? 'error' : s));
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), refreshMs);
    };
    const now = () => void tick();
    void tick();
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', now);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', now);
    };
  }, [refreshMs]);
  return { state, entries, online, fresh };
}
