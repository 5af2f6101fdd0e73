import { useMemo, useState } from 'react';
import { eboardCategoryLabel, eboardStatuses } from '@pentland/enquiries';
import type { ModerationAction, ModerationEntry } from '@pentland/screens';
import { ukDateTime } from '../../lib/forms.ts';
import { pageOf, useLiveTables, type Raw } from '../../lib/liveRows.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { moderateEntries, saveEntry } from './data.ts';
import { useModeratorImageUrls } from './useModeratorImageUrls.ts';

/** New and changed entries arrive over Realtime; only while its channel is down is the list re-read this often. */
const fallbackMs = 30_000;
const perPage = 25;
const tables = ['eboard_submissions'] as const;

const actions: Record<string, ModerationAction[]> = {
  pending: ['approve', 'reject', 'archive'],
  approved: ['reject', 'archive'],
  rejected: ['reopen', 'archive'],
  archived: ['reopen'],
};

const toEntries = (
  data: readonly Raw[],
  images: ReturnType<typeof useModeratorImageUrls>,
): ModerationEntry[] =>
  [...data]
    .sort((a, b) => Date.parse(b.created_at as string) - Date.parse(a.created_at as string))
    .map((r) => ({
      id: r.id as string,
      reference: r.reference as string,
      title: r.title as string,
      message: r.description as string,
      category: eboardCategoryLabel(r.category as string),
      author: (r.contact_name as string) ?? '—',
      email: (r.contact_email as string) ?? '—',
      organisation: r.organisation as string | null,
      status: r.status as string,
      displayFrom: (r.display_from as string) ?? '',
      displayUntil: (r.display_until as string) ?? '',
      imageUrl: images.imageUrl(r.image_url as string | null),
      imageLoading: images.signing(r.image_url as string | null),
      rejectionReason: r.rejection_reason as string | null,
      received: ukDateTime(r.created_at as string),
    }));

/** The moderation list: every entry kept current over Realtime, filtered by status, 25 a page; its actions. */
export function useEboardDashboard() {
  const { data, state, reload, changed } = useLiveTables('eboard-dashboard', tables, fallbackMs);
  const [filter, setFilter] = useState('pending');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const imageUrls = useMemo(() => data.eboard_submissions.map((r) => r.image_url as string | null), [data]);
  const images = useModeratorImageUrls(imageUrls);
  const entries = useMemo(() => toEntries(data.eboard_submissions, images), [data, images]);
  const counts = useMemo(
    () => Object.fromEntries(eboardStatuses.map((s) => [s, entries.filter((e) => e.status === s).length])),
    [entries],
  );
  const shown = pageOf(filter ? entries.filter((e) => e.status === filter) : entries, page, perPage);

  const changeFilter = (f: string) => {
    setFilter(f);
    setPage(1);
  };
  const moderate = async (ids: string[], action: ModerationAction, reason?: string) => {
    setBusy(true);
    const res = await moderateEntries(ids, action, reason);
    setBusy(false);
    if (!res.ok) setMessage({ tone: 'error', text: res.message });
    else if (res.data.failed.length)
      setMessage({ tone: 'error', text: res.data.failed.map((f) => f.error).join(' · ') });
    else
      setMessage({
        tone: 'success',
        text: `${res.data.updated.map((u) => u.reference).join(', ')}: done.`,
      });
    // The changes also arrive over Realtime; reading the entries now shows them without waiting for that.
    await Promise.all(ids.map((id) => changed('eboard_submissions', id)));
  };
  const save = async (
    id: string,
    patch: { title: string; message: string; displayFrom: string; displayUntil: string },
  ) => {
    const dateError =
      patch.displayFrom && patch.displayUntil && patch.displayUntil < patch.displayFrom
        ? 'The last day must be on or after the first day'
        : null;
    if (!patch.title.trim() || !patch.message.trim() || dateError) {
      setMessage({ tone: 'error', text: dateError ?? 'A title and a message are needed.' });
      return;
    }
    const error = await saveEntry(await loadSupabase(), id, {
      title: patch.title.trim(),
      description: patch.message.trim(),
      display_from: patch.displayFrom || null,
      display_until: patch.displayUntil || null,
    });
    setMessage(error ? { tone: 'error', text: error.message } : { tone: 'success', text: 'Entry saved.' });
    await changed('eboard_submissions', id);
  };
  return {
    state,
    retry: () => void reload(),
    shown,
    counts,
    filter,
    changeFilter,
    setPage,
    actions,
    message,
    busy,
    moderate,
    save,
  };
}
