import { useMemo, useState } from 'react';
import {
  checkDisplaySeconds,
  checkSchedule,
  describeSchedule,
  eboardCategoryLabel,
  eboardScheduleLimits,
  eboardStatuses,
  eboardWeekdayLabels,
  eboardWeekdays,
  scheduleMeetsDates,
  scheduleNeverShows,
  type EboardWindow,
} from '@pentland/enquiries';
import type { ModerationAction, ModerationEdit, ModerationEntry } from '@pentland/screens';
import { ukDateTime } from '../../lib/forms.ts';
import { pageOf, useLiveTables, type Raw } from '../../lib/liveRows.ts';
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
      schedule: (r.schedule as EboardWindow[] | null) ?? [],
      displaySeconds: r.display_seconds as number | null,
      scheduleText: r.schedule ? describeSchedule(r.schedule as EboardWindow[]) : undefined,
    }));

/** The schedule editor's weekdays and limits, from the rule. */
export const scheduleRules = {
  weekdays: eboardWeekdays.map((d) => ({ value: d, label: eboardWeekdayLabels[d] })),
  defaultSeconds: eboardScheduleLimits.defaultSeconds,
  minSeconds: eboardScheduleLimits.minSeconds,
  maxSeconds: eboardScheduleLimits.maxSeconds,
};

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
  /** Checks an edit with the same rules as moderate-eboard, saves it there; false (the form stays) when refused. */
  const save = async (id: string, patch: ModerationEdit): Promise<boolean> => {
    const dateError =
      patch.displayFrom && patch.displayUntil && patch.displayUntil < patch.displayFrom
        ? 'The last day must be on or after the first day'
        : null;
    const schedule = checkSchedule(patch.schedule);
    const seconds = checkDisplaySeconds(patch.seconds);
    const problem =
      !patch.title.trim() || !patch.message.trim()
        ? 'A title and a message are needed.'
        : (dateError ??
          ('error' in schedule ? schedule.error : null) ??
          ('error' in seconds ? seconds.error : null) ??
          ('value' in schedule &&
          !scheduleMeetsDates({
            displayFrom: patch.displayFrom || null,
            displayUntil: patch.displayUntil || null,
            schedule: schedule.value,
          })
            ? scheduleNeverShows
            : null));
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return false;
    }
    setBusy(true);
    const res = await saveEntry(id, {
      title: patch.title.trim(),
      message: patch.message.trim(),
      displayFrom: patch.displayFrom,
      displayUntil: patch.displayUntil,
      schedule: 'value' in schedule ? schedule.value : [],
      displaySeconds: 'value' in seconds ? seconds.value : null,
    });
    setBusy(false);
    setMessage(res.ok ? { tone: 'success', text: 'Entry saved.' } : { tone: 'error', text: res.message });
    await changed('eboard_submissions', id);
    return res.ok;
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
    /** Every entry as read (all statuses), for the board's preview. */
    rows: data.eboard_submissions,
  };
}
