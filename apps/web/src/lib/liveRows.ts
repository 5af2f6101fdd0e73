// Lists that Realtime keeps current (the admin dashboards): read whole in pages of the API, changed one row at a
// time as changes arrive, shown a page at a time.
import type { SupabaseClient } from '@supabase/supabase-js';

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
