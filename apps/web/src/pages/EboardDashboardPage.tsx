import { useCallback, useEffect, useMemo, useState } from 'react';
import { eboardCategoryLabel, eboardStatuses, eboardStatusLabels } from '@pentland/enquiries';
import { EboardModeration, PageHeader, Section, type ModerationAction, type ModerationEntry } from '@pentland/ui';
import { submitForm, ukDateTime } from '../lib/forms';
import { loadSupabase } from '../lib/supabase';

const actions: Record<string, ModerationAction[]> = {
  pending: ['approve', 'reject', 'archive'],
  approved: ['reject', 'archive'],
  rejected: ['reopen', 'archive'],
  archived: ['reopen'],
};

/** /eboard-dashboard (admins): moderate E-Board entries. */
export default function EboardDashboardPage() {
  const [entries, setEntries] = useState<ModerationEntry[]>([]);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [filter, setFilter] = useState('pending');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const { data, error } = await (await loadSupabase()).from('eboard_submissions').select('*').order('created_at', { ascending: false }).limit(500);
    if (error || !data) return setState((s) => (s === 'ready' ? s : 'error'));
    setEntries(
      data.map((r) => ({
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
        imageUrl: r.image_url as string | null,
        rejectionReason: r.rejection_reason as string | null,
        received: ukDateTime(r.created_at as string),
      })),
    );
    setState('ready');
  }, []);
  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    const t = setInterval(() => void load(), 5000);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [load]);
  const counts = useMemo(() => Object.fromEntries(eboardStatuses.map((s) => [s, entries.filter((e) => e.status === s).length])), [entries]);
  return (
    <>
      <PageHeader title="Manage E-Board" lead="Approve, reject with a reason (e-mailed to the submitter), edit, schedule and archive E-Board entries." />
      <Section>
        <EboardModeration
          state={state}
          onRetry={() => void load()}
          entries={filter ? entries.filter((e) => e.status === filter) : entries}
          counts={counts}
          statuses={eboardStatuses.map((s) => ({ value: s, label: eboardStatusLabels[s] }))}
          statusFilter={filter}
          onStatusFilterChange={setFilter}
          actions={actions}
          message={message}
          busy={busy}
          onModerate={async (ids, action, reason) => {
            setBusy(true);
            const res = await submitForm<{ updated: { reference: string }[]; failed: { error: string }[] }>('moderate-eboard', { ids, action, reason });
            setBusy(false);
            if (!res.ok) setMessage({ tone: 'error', text: res.message });
            else if (res.data.failed.length) setMessage({ tone: 'error', text: res.data.failed.map((f) => f.error).join(' · ') });
            else setMessage({ tone: 'success', text: `${res.data.updated.map((u) => u.reference).join(', ')}: done.` });
            await load();
          }}
          onSave={async (id, patch) => {
            const dateError =
              patch.displayFrom && patch.displayUntil && patch.displayUntil < patch.displayFrom ? 'The last day must be on or after the first day' : null;
            if (!patch.title.trim() || !patch.message.trim() || dateError) {
              setMessage({ tone: 'error', text: dateError ?? 'A title and a message are needed.' });
              return;
            }
            const { error } = await (await loadSupabase())
              .from('eboard_submissions')
              .update({ title: patch.title.trim(), description: patch.message.trim(), display_from: patch.displayFrom || null, display_until: patch.displayUntil || null })
              .eq('id', id);
            setMessage(error ? { tone: 'error', text: error.message } : { tone: 'success', text: 'Entry saved.' });
            await load();
          }}
        />
      </Section>
    </>
  );
}
