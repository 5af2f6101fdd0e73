// Lists that Realtime keeps current (the admin dashboards): read whole in requests of the API, changed one row at
// a time as changes arrive, shown a page at a time.
import { useCallback, useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useLiveChannel } from './live.ts';
import { loadSupabase } from './supabase.ts';

export type Raw = Record<string, unknown>;

/** Rows per API request when a list is read whole (newest first). */
const chunk = 1000;

/** Every row of `table` the caller may read (RLS decides), newest first, in requests of `chunk` rows. */
export async function readAll(supabase: SupabaseClient, table: string): Promise<Raw[]> {
  const out: Raw[] = [];
  for (let from = 0; ; from += chunk) {
    const { data, error } = await supabase
      .from(table)
      .select('*')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, from + chunk - 1);
    if (error) throw error;
    out.push(...(data as Raw[]));
    if (data.length < chunk) return out;
  }
}

/** `rows` with the row `id` replaced by `row`, added first when new, or removed when `row` is null. */
export function withChange(rows: readonly Raw[], id: string, row: Raw | null): Raw[] {
  const i = rows.findIndex((r) => r.id === id);
  if (!row) return i < 0 ? [...rows] : rows.filter((r) => r.id !== id);
  if (i < 0) return [row, ...rows];
  const next = [...rows];
  next[i] = row;
  return next;
}

/** One page of `rows` (1-based, clamped), with the page count and a summary such as '26–50 of 73 enquiries'. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  return {
    rows: slice,
    page: current,
    pageCount,
    summary: (noun: string) =>
      rows.length > perPage ? `${start + 1}–${start + slice.length} of ${rows.length} ${noun}` : undefined,
  };
}

export interface LiveTables<T extends string> {
  /** Every row of each table the caller may read, newest first at load (a change keeps its row's place). */
  data: Record<T, Raw[]>;
  state: 'loading' | 'error' | 'ready';
  error: string | null;
  /** Reads every table again. */
  reload: () => Promise<void>;
  /** Reads one row back (after a change made here, without waiting for Realtime to report it). */
  changed: (table: T, id: string, deleted?: boolean) => Promise<void>;
}

/**
 * Tables kept current over Realtime (the admin dashboards): read whole, then each `postgres_changes` event names
 * its row, which is read back through the API (the same shape as the list's rows; RLS decides both); re-read whole
 * on every (re)join and, while the channel is down, every `fallbackMs`. `tables` must be a stable array.
 */
export function useLiveTables<T extends string>(
  topic: string,
  tables: readonly T[],
  fallbackMs: number,
): LiveTables<T> {
  const [data, setData] = useState(
    () => Object.fromEntries(tables.map((t) => [t, []])) as unknown as Record<T, Raw[]>,
  );
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const supabase = await loadSupabase();
      const lists = await Promise.all(tables.map((t) => readAll(supabase, t)));
      setData(Object.fromEntries(tables.map((t, i) => [t, lists[i]])) as Record<T, Raw[]>);
      setState('ready');
      setError(null);
    } catch (e) {
      setError((e as { message?: string }).message ?? 'Please try again.');
      setState((s) => (s === 'ready' ? s : 'error'));
    }
  }, [tables]);
  useEffect(() => {
    const first = setTimeout(() => void reload(), 0);
    return () => clearTimeout(first);
  }, [reload]);

  const changed = useCallback(async (table: T, id: string, deleted = false) => {
    const supabase = await loadSupabase();
    const row = deleted
      ? null
      : ((await supabase.from(table).select('*').eq('id', id).maybeSingle()).data as Raw | null);
    setData((d) => ({ ...d, [table]: withChange(d[table], id, row) }));
  }, []);

  useLiveChannel({
    topic,
    bind: (channel) => {
      for (const table of tables)
        channel.on('postgres_changes', { event: '*', schema: 'public', table }, (change) => {
          const deleted = change.eventType === 'DELETE';
          const id = ((deleted ? change.old : change.new) as Raw).id;
          if (typeof id === 'string') void changed(table, id, deleted);
        });
      return channel;
    },
    refresh: () => void reload(),
    fallbackMs,
  });

  return { data, state, error, reload, changed };
}
