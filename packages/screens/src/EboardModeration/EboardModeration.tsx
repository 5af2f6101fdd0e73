import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DateRangePicker,
  Dialog,
  Select,
  Spinner,
  Inline,
  Stack,
  Table,
  Text,
  TextField,
  Textarea,
} from '@pentland/ui';
import { StatusBadge } from '../StatusBadge/index.ts';
import * as css from './EboardModeration.css.ts';
import {
  EboardScheduleEditor,
  type EboardScheduleEditorProps,
  type ScheduleWindowDraft,
} from '../EboardSchedule/index.ts';

export interface ModerationEntry {
  id: string;
  reference: string;
  title: string;
  message: string;
  category: string;
  author: string;
  email: string;
  organisation?: string | null;
  status: string;
  displayFrom: string;
  displayUntil: string;
  /** An address the moderator's browser can load the entry's picture from; none when it has no picture. */
  imageUrl?: string | null;
  /** The entry has a picture whose address is still being prepared (a private picture's signed URL). */
  imageLoading?: boolean;
  rejectionReason?: string | null;
  received: string;
  /** Its time-of-day windows (none: all day), its seconds in rotation (null: the display's default), in words. */
  schedule?: readonly ScheduleWindowDraft[];
  displaySeconds?: number | null;
  scheduleText?: string;
}

/** What a moderator saves from the edit form. */
export interface ModerationEdit {
  title: string;
  message: string;
  displayFrom: string;
  displayUntil: string;
  schedule: ScheduleWindowDraft[];
  /** '' for the display's default. */
  seconds: string;
}

export type ModerationAction = 'approve' | 'reject' | 'archive' | 'reopen';

export interface EboardModerationProps {
  state: 'loading' | 'error' | 'ready';
  error?: string | null;
  onRetry?: () => void;
  entries: readonly ModerationEntry[];
  counts: Readonly<Record<string, number>>;
  statuses: readonly { value: string; label: string }[];
  statusFilter: string;
  onStatusFilterChange: (status: string) => void;
  /** Which actions each status allows. */
  actions: Readonly<Record<string, readonly ModerationAction[]>>;
  onModerate: (ids: string[], action: ModerationAction, reason?: string) => void;
  /** Saves an edit; a promise of false (refused) keeps the form open. */
  onSave: (id: string, patch: ModerationEdit) => void | Promise<boolean>;
  /** The schedule editor's weekdays and seconds limits. */
  scheduleRules: Pick<EboardScheduleEditorProps, 'weekdays' | 'defaultSeconds' | 'minSeconds' | 'maxSeconds'>;
  message?: { tone: 'success' | 'error'; text: string } | null;
  busy?: boolean;
}

const actionLabels: Record<ModerationAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  archive: 'Archive',
  reopen: 'Back to pending',
};

const pictureName = (e: ModerationEntry) => `Picture sent with ${e.reference}`;

/** An entry's picture as the moderator sees it, or why it cannot be seen (none, still loading, failed to load). */
function EntryPicture({ entry, size }: { entry: ModerationEntry; size: 'thumbnail' | 'full' }) {
  // Keyed by the address by its callers: a new address (signed again, or published) is tried afresh.
  const [failed, setFailed] = useState(false);
  if (!entry.imageUrl)
    return (
      <span className={css.noPicture}>{entry.imageLoading ? 'Loading the picture…' : 'No picture'}</span>
    );
  if (failed) return <span className={css.noPicture}>The picture could not be loaded.</span>;
  const img = (
    <img
      className={size === 'full' ? css.full : css.thumb}
      src={entry.imageUrl}
      alt={pictureName(entry)}
      onError={() => setFailed(true)}
    />
  );
  if (size === 'full') return img;
  return (
    <Dialog
      title={pictureName(entry)}
      width="wide"
      cancelLabel="Close"
      trigger={
        <button
          type="button"
          className={css.thumbButton}
          aria-label={`Enlarge the picture of ${entry.reference}`}
        >
          {img}
        </button>
      }
    >
      <img className={css.full} src={entry.imageUrl} alt={pictureName(entry)} />
    </Dialog>
  );
}

/** /eboard-dashboard: counts per status, bulk approve/reject/archive, and per-entry edit and schedule. */
export function EboardModeration(p: EboardModerationProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<ModerationEdit>({
    title: '',
    message: '',
    displayFrom: '',
    displayUntil: '',
    schedule: [],
    seconds: '',
  });
  const label = (s: string) => p.statuses.find((x) => x.value === s)?.label ?? s;
  const visible = new Set(p.entries.map((e) => e.id));
  const chosen = selected.filter((id) => visible.has(id));
  const editingEntry = p.entries.find((e) => e.id === editing) ?? null;
  const act = (action: ModerationAction) => {
    if (action === 'reject' && !reason.trim()) return;
    p.onModerate(chosen, action, action === 'reject' ? reason.trim() : undefined);
    setSelected([]);
    setReason('');
  };
  return (
    <Stack gap="5">
      <Inline gap="3" aria-label="Entries per status">
        {p.statuses.map((s) => (
          <Text key={s.value} as="span">
            <StatusBadge status={s.value} label={s.label} /> {p.counts[s.value] ?? 0}
          </Text>
        ))}
      </Inline>
      <Select
        label="Show"
        options={[{ value: 'all', label: 'All entries' }, ...p.statuses]}
        value={p.statusFilter || 'all'}
        onValueChange={(v) => p.onStatusFilterChange(v === 'all' ? '' : v)}
      />
      {p.message && <Alert tone={p.message.tone}>{p.message.text}</Alert>}
      {p.state === 'loading' && <Spinner label="Loading entries..." showLabel />}
      {p.state === 'error' && (
        <Alert tone="error" title="The entries could not be loaded">
          {p.error ?? 'Please try again.'}{' '}
          {p.onRetry && (
            <Button size="small" variant="secondary" onClick={p.onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {p.state === 'ready' && (
        <>
          <Card as="section" title={`${chosen.length} selected`} titleAs="h2" aria-label="Bulk actions">
            <Stack gap="3">
              <Textarea
                label="Reason for rejection"
                rows={2}
                hint="Required to reject; it is e-mailed to each submitter"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={1000}
              />
              <Inline gap="2">
                {(['approve', 'reject', 'archive', 'reopen'] as const).map((a) => (
                  <Button
                    key={a}
                    size="small"
                    variant={a === 'reject' ? 'critical' : 'secondary'}
                    busy={p.busy}
                    disabled={chosen.length === 0 || (a === 'reject' && !reason.trim())}
                    onClick={() => act(a)}
                  >
                    {actionLabels[a]} selected
                  </Button>
                ))}
              </Inline>
            </Stack>
          </Card>
          <Table
            caption="E-Board entries"
            rows={p.entries}
            rowKey={(e) => e.id}
            emptyText="No entries with this status."
            columns={[
              {
                key: 'pick',
                header: 'Select',
                render: (e) => (
                  <Checkbox
                    label={<VisuallyHidden>Select {e.reference}</VisuallyHidden>}
                    checked={chosen.includes(e.id)}
                    onCheckedChange={(on) =>
                      setSelected((s) => (on ? [...s, e.id] : s.filter((x) => x !== e.id)))
                    }
                  />
                ),
              },
              { key: 'reference', header: 'Reference' },
              {
                key: 'picture',
                header: 'Picture',
                render: (e) => <EntryPicture key={e.imageUrl ?? ''} entry={e} size="thumbnail" />,
              },
              {
                key: 'title',
                header: 'Entry',
                render: (e) => (
                  <div className={css.entryText}>
                    <span className={css.entryTitle}>{e.title}</span>
                    <span className={css.entryMessage}>{e.message}</span>
                  </div>
                ),
              },
              { key: 'author', header: 'From', render: (e) => `${e.author} <${e.email}>` },
              {
                key: 'dates',
                header: 'Display',
                render: (e) =>
                  `${e.displayFrom || '—'} to ${e.displayUntil || '—'}${e.scheduleText ? `, ${e.scheduleText}` : ''}`,
              },
              {
                key: 'status',
                header: 'Status',
                render: (e) => <StatusBadge status={e.status} label={label(e.status)} />,
              },
              {
                key: 'actions',
                header: 'Actions',
                render: (e) => (
                  <Inline gap="1">
                    {(p.actions[e.status] ?? [])
                      .filter((a) => a !== 'reject')
                      .map((a) => (
                        <Button
                          key={a}
                          size="small"
                          variant="ghost"
                          aria-label={`${actionLabels[a]} ${e.reference}`}
                          onClick={() => p.onModerate([e.id], a)}
                        >
                          {actionLabels[a]}
                        </Button>
                      ))}
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Edit ${e.reference}`}
                      onClick={() => {
                        setEditing(e.id);
                        setDraft({
                          title: e.title,
                          message: e.message,
                          displayFrom: e.displayFrom,
                          displayUntil: e.displayUntil,
                          schedule: (e.schedule ?? []).map((w) => ({ ...w, days: [...w.days] })),
                          seconds: e.displaySeconds ? String(e.displaySeconds) : '',
                        });
                      }}
                    >
                      Edit
                    </Button>
                  </Inline>
                ),
              },
            ]}
          />
        </>
      )}
      {editingEntry && (
        <Card
          as="section"
          title={`Edit ${editingEntry.reference}`}
          titleAs="h2"
          aria-label={`Edit ${editingEntry.reference}`}
        >
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              const id = editingEntry.id;
              void Promise.resolve(p.onSave(id, draft)).then((ok) => {
                if (ok !== false) setEditing((e) => (e === id ? null : e));
              });
            }}
          >
            <Stack gap="3">
              {editingEntry.rejectionReason && (
                <Alert tone="info">Rejected: {editingEntry.rejectionReason}</Alert>
              )}
              <EntryPicture key={editingEntry.imageUrl ?? ''} entry={editingEntry} size="full" />
              <TextField
                label="Title"
                value={draft.title}
                maxLength={200}
                onChange={(ev) => setDraft({ ...draft, title: ev.target.value })}
              />
              <Textarea
                label="Message"
                rows={4}
                value={draft.message}
                onChange={(ev) => setDraft({ ...draft, message: ev.target.value })}
              />
              <DateRangePicker
                legend="Display dates"
                fromLabel="First day"
                untilLabel="Last day"
                value={{ from: draft.displayFrom, until: draft.displayUntil }}
                onChange={(r) => setDraft({ ...draft, displayFrom: r.from, displayUntil: r.until })}
              />
              <EboardScheduleEditor
                {...p.scheduleRules}
                value={{ windows: draft.schedule, seconds: draft.seconds }}
                onChange={(v) => setDraft({ ...draft, schedule: v.windows, seconds: v.seconds })}
              />
              <Inline gap="2">
                <Button type="submit" busy={p.busy}>
                  Save changes
                </Button>
                <Button variant="ghost" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </Inline>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
