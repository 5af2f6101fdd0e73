import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  DateRangePicker,
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
import * as css from './EnquiryDashboard.css.ts';

export interface EnquiryRow {
  id: string;
  kind: 'consultation' | 'contact';
  reference: string;
  /** 'Mon 23 Nov 2026, 10:04' */
  received: string;
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  /** Services of interest, or the subject of a contact message. */
  about: string;
  status: string;
  /** Label/value pairs shown in the detail panel (type, preferred time, package, message…). */
  details: readonly [string, string][];
  /** A booked consultation still to come, which administrators move or cancel: its UK day and time. */
  booking?: { day: string; time: string } | null;
}

export interface EnquiryFilters {
  search: string;
  status: string;
  kind: string;
  service: string;
  from: string;
  until: string;
}

export const emptyEnquiryFilters: EnquiryFilters = {
  search: '',
  status: '',
  kind: '',
  service: '',
  from: '',
  until: '',
};

export interface EnquiryHistory {
  notes: readonly { id: string; author: string; at: string; body: string }[];
  events: readonly { id: string; at: string; text: string }[];
}

export interface EnquiryDashboardProps {
  state: 'loading' | 'error' | 'ready';
  error?: string | null;
  onRetry?: () => void;
  rows: readonly EnquiryRow[];
  /** How many rows match before paging (rows may be a page of them). */
  total?: number;
  filters: EnquiryFilters;
  onFiltersChange: (f: EnquiryFilters) => void;
  statuses: readonly { value: string; label: string }[];
  services: readonly { value: string; label: string }[];
  /** Allowed next statuses per status. */
  transitions: Readonly<Record<string, readonly string[]>>;
  selectedId?: string | null;
  onSelect: (id: string | null) => void;
  history?: EnquiryHistory | null;
  onStatusChange: (row: EnquiryRow, to: string) => void;
  onAddNote: (row: EnquiryRow, body: string) => void;
  /** Moves a booking to a UK day and time ('YYYY-MM-DDTHH:mm'); the reason is mailed to the visitor. */
  onMoveBooking?: (row: EnquiryRow, start: string, reason: string) => void;
  /** Cancels a booking; the reason is mailed to the visitor with the calendar's cancellation. */
  onCancelBooking?: (row: EnquiryRow, reason: string) => void;
  onExport: () => void;
  /** A message after an action (e.g. 'Status cannot change from completed to new'). */
  actionMessage?: { tone: 'success' | 'error'; text: string } | null;
  busy?: boolean;
  pager?: ReactNode;
}

/** /consultation-dashboard: consultations and contact messages in one place, with the status workflow, notes and audit. */
export function EnquiryDashboard(p: EnquiryDashboardProps) {
  const [note, setNote] = useState('');
  const label = (s: string) => p.statuses.find((x) => x.value === s)?.label ?? s;
  const selected = p.rows.find((r) => r.id === p.selectedId) ?? null;
  const set = (patch: Partial<EnquiryFilters>) => p.onFiltersChange({ ...p.filters, ...patch });
  const changesBooking = !!(selected?.booking && p.onMoveBooking && p.onCancelBooking);
  // A booking is cancelled through its own form, so that the visitor is mailed the cancellation and the reason.
  const nextStatuses = selected
    ? (p.transitions[selected.status] ?? []).filter((to) => !(changesBooking && to === 'cancelled'))
    : [];
  return (
    <Stack gap="5">
      <div className={css.filters} role="search" aria-label="Filter enquiries">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, e-mail, company, reference"
          value={p.filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <Select
          label="Status"
          options={[{ value: 'all', label: 'All statuses' }, ...p.statuses]}
          value={p.filters.status || 'all'}
          onValueChange={(v) => set({ status: v === 'all' ? '' : v })}
        />
        <Select
          label="Kind"
          options={[
            { value: 'all', label: 'Consultations and messages' },
            { value: 'consultation', label: 'Consultations' },
            { value: 'contact', label: 'Contact messages' },
          ]}
          value={p.filters.kind || 'all'}
          onValueChange={(v) => set({ kind: v === 'all' ? '' : v })}
        />
        <Select
          label="Service"
          options={[{ value: 'all', label: 'All services' }, ...p.services]}
          value={p.filters.service || 'all'}
          onValueChange={(v) => set({ service: v === 'all' ? '' : v })}
        />
      </div>
      <DateRangePicker
        legend="Received"
        value={{ from: p.filters.from, until: p.filters.until }}
        onChange={(r) => set({ from: r.from, until: r.until })}
      />
      <Inline justify="between">
        <Text tone="muted" aria-live="polite">
          {p.state === 'ready'
            ? `${p.total ?? p.rows.length} ${(p.total ?? p.rows.length) === 1 ? 'enquiry' : 'enquiries'}`
            : ''}
        </Text>
        <Button
          variant="secondary"
          onClick={p.onExport}
          disabled={p.state !== 'ready' || p.rows.length === 0}
        >
          Export CSV
        </Button>
      </Inline>
      {p.actionMessage && <Alert tone={p.actionMessage.tone}>{p.actionMessage.text}</Alert>}
      {p.state === 'loading' && <Spinner label="Loading enquiries..." showLabel />}
      {p.state === 'error' && (
        <Alert tone="error" title="The enquiries could not be loaded">
          {p.error ?? 'Please try again.'}{' '}
          {p.onRetry && (
            <Button size="small" variant="secondary" onClick={p.onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {p.state === 'ready' && (
        <Table
          caption="Consultations and contact messages"
          rows={p.rows}
          rowKey={(r) => r.id}
          emptyText="No enquiries match these filters."
          cardsOnPhones
          columns={[
            { key: 'reference', header: 'Reference' },
            { key: 'received', header: 'Received' },
            {
              key: 'kind',
              header: 'Kind',
              render: (r) => (r.kind === 'consultation' ? 'Consultation' : 'Message'),
            },
            { key: 'name', header: 'Name' },
            { key: 'about', header: 'About' },
            {
              key: 'status',
              header: 'Status',
              render: (r) => <StatusBadge status={r.status} label={label(r.status)} />,
            },
            {
              key: 'open',
              header: <VisuallyHidden>Actions</VisuallyHidden>,
              render: (r) => (
                <Button
                  size="small"
                  variant={r.id === p.selectedId ? 'primary' : 'ghost'}
                  aria-label={`${r.id === p.selectedId ? 'Close' : 'Open'} ${r.reference}`}
                  onClick={() => p.onSelect(r.id === p.selectedId ? null : r.id)}
                >
                  {r.id === p.selectedId ? 'Close' : 'Open'}
                </Button>
              ),
            },
          ]}
        />
      )}
      {p.pager}
      {selected && (
        <Card
          as="section"
          title={`${selected.reference} — ${selected.name}`}
          titleAs="h2"
          aria-label={`Enquiry ${selected.reference}`}
        >
          <div className={css.detail}>
            <Stack gap="4">
              <Inline gap="2">
                <Text as="span">Status:</Text>
                <StatusBadge status={selected.status} label={label(selected.status)} />
              </Inline>
              <Inline gap="2" aria-label="Move to">
                {nextStatuses.map((to) => (
                  <Button
                    key={to}
                    size="small"
                    variant="secondary"
                    busy={p.busy}
                    onClick={() => p.onStatusChange(selected, to)}
                  >
                    Mark {label(to).toLowerCase()}
                  </Button>
                ))}
                {nextStatuses.length === 0 && <Text tone="muted">This enquiry is closed.</Text>}
              </Inline>
              {changesBooking && selected.booking && (
                <BookingChange
                  key={`${selected.id} ${selected.booking.day}T${selected.booking.time}`}
                  booking={selected.booking}
                  busy={p.busy}
                  onMove={(start, reason) => p.onMoveBooking!(selected, start, reason)}
                  onCancel={(reason) => p.onCancelBooking!(selected, reason)}
                />
              )}
              <dl className={css.facts}>
                {[
                  ['E-mail', selected.email],
                  ['Phone', selected.phone ?? '—'],
                  ['Company', selected.company ?? '—'],
                  ...selected.details,
                ].map(([k, v]) => (
                  <div key={k} style={{ display: 'contents' }}>
                    <dt className={css.term}>{k}</dt>
                    <dd className={css.value}>{v}</dd>
                  </div>
                ))}
              </dl>
            </Stack>
            <Stack gap="4">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (note.trim()) {
                    p.onAddNote(selected, note.trim());
                    setNote('');
                  }
                }}
              >
                <Stack gap="2">
                  <Textarea
                    label="Internal note"
                    rows={3}
                    hint="Only administrators see notes"
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    maxLength={2000}
                  />
                  <div>
                    <Button type="submit" size="small" disabled={!note.trim()}>
                      Add note
                    </Button>
                  </div>
                </Stack>
              </form>
              <Stack gap="2">
                <Text weight="semibold">Notes</Text>
                <ul className={css.log} aria-label="Notes">
                  {(p.history?.notes ?? []).map((n) => (
                    <li key={n.id}>
                      <span className={css.logWhen}>
                        {n.at} · {n.author}
                      </span>
                      {n.body}
                    </li>
                  ))}
                  {p.history && p.history.notes.length === 0 && <li>No notes yet.</li>}
                </ul>
                <Text weight="semibold">History</Text>
                <ul className={css.log} aria-label="History">
                  {(p.history?.events ?? []).map((e) => (
                    <li key={e.id}>
                      <span className={css.logWhen}>{e.at}</span>
                      {e.text}
                    </li>
                  ))}
                </ul>
              </Stack>
            </Stack>
          </div>
        </Card>
      )}
    </Stack>
  );
}

/** An administrator's change to a booking: a new UK day and time, or a cancellation, each with the visitor's reason. */
function BookingChange(p: {
  booking: { day: string; time: string };
  busy?: boolean;
  onMove: (start: string, reason: string) => void;
  onCancel: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [day, setDay] = useState(p.booking.day);
  const [time, setTime] = useState(p.booking.time);
  const [missing, setMissing] = useState(false);
  const withReason = (act: (reason: string) => void) => {
    const r = reason.trim();
    setMissing(!r);
    if (r) act(r);
  };
  return (
    <fieldset className={css.booking}>
      <legend className={css.legend}>Change the booking</legend>
      <Stack gap="3">
        <Textarea
          label="Reason for the visitor"
          hint="Mailed to the visitor with the updated calendar invitation"
          rows={2}
          maxLength={500}
          required
          value={reason}
          error={missing ? 'Give the visitor a reason' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className={css.when}>
          <TextField
            label="New day"
            type="date"
            required
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
          <TextField
            label="New time (UK)"
            type="time"
            step={900}
            required
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
        <Inline gap="2">
          <Button
            size="small"
            busy={p.busy}
            disabled={!day || !time}
            onClick={() => withReason((r) => p.onMove(`${day}T${time}`, r))}
          >
            Move booking
          </Button>
          <Button size="small" variant="critical" busy={p.busy} onClick={() => withReason(p.onCancel)}>
            Cancel booking
          </Button>
        </Inline>
      </Stack>
    </fieldset>
  );
}
