import { useCallback, useEffect, useMemo, useState } from 'react';
import { enquiryStatusLabels, londonParts, formatSlot } from '@pentland/enquiries';
import { csvFileName, toCsv } from '@pentland/enquiries/csv';
import { serviceBySlug } from '@pentland/site-data';
import {
  emptyEnquiryFilters,
  type AgendaItem,
  type EnquiryFilters,
  type EnquiryHistory,
  type EnquiryRow,
} from '@pentland/screens';
import { ukDateTime } from '../../lib/forms.ts';
import { pageOf, type Raw, useLiveTables } from '../../lib/liveRows.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import {
  addEnquiryNote,
  changeBookingAsAdmin,
  enquiryTable,
  readEnquiryHistory,
  readTypeNames,
  setEnquiryStatus,
} from './data.ts';

/** New and changed requests arrive over Realtime; only while its channel is down is the list re-read this often. */
const fallbackMs = 30_000;
const perPage = 25;
const tables = ['consultations', 'contact_messages'] as const;

type Row = EnquiryRow & { createdAt: string; services: string[]; start: string | null; typeName: string };

/** Statuses that leave a consultation off the agenda (and its booking beyond change). */
const offAgenda = new Set(['cancelled', 'completed']);

function toRows(
  consultations: readonly Raw[],
  messages: readonly Raw[],
  types: Map<string, string>,
  now = Date.now(),
): Row[] {
  const c = consultations.map((r): Row => {
    const pkg = r.package as { lines?: string[] } | null;
    const local = r.preferred_start
      ? (() => {
          const p = londonParts(new Date(r.preferred_start as string));
          return `${p.date}T${String(Math.floor(p.minute / 60)).padStart(2, '0')}:${String(p.minute % 60).padStart(2, '0')}`;
        })()
      : null;
    const svc = (r.services as string[] | null) ?? [];
    // A booked time still to come (not a request): administrators move or cancel it through manage-booking.
    const bookedAhead =
      !!r.held_from &&
      local !== null &&
      !offAgenda.has(r.status as string) &&
      Date.parse(r.preferred_start as string) > now;
    return {
      id: r.id as string,
      kind: 'consultation',
      reference: r.reference as string,
      createdAt: r.created_at as string,
      received: ukDateTime(r.created_at as string),
      name: r.name as string,
      email: r.email as string,
      phone: r.phone as string | null,
      company: r.company as string | null,
      about: svc.map((s) => serviceBySlug(s)?.title ?? s).join(', ') || '—',
      services: svc,
      status: r.status as string,
      start: (r.preferred_start as string | null) ?? null,
      typeName: types.get(r.service_id as string) ?? 'Consultation',
      details: [
        ['Consultation', types.get(r.service_id as string) ?? '—'],
        ['Preferred time', local ? formatSlot(local) : '—'],
        ['Package', pkg?.lines?.join('\n') ?? '—'],
        ['Message', (r.message as string | null) ?? '—'],
      ],
      booking: bookedAhead && local ? { day: local.slice(0, 10), time: local.slice(11) } : null,
    };
  });
  const m = messages.map((r): Row => ({
    id: r.id as string,
    kind: 'contact',
    reference: r.reference as string,
    createdAt: r.created_at as string,
    received: ukDateTime(r.created_at as string),
    name: r.name as string,
    email: r.email as string,
    phone: r.phone as string | null,
    company: null,
    about: (r.subject as string | null) ?? '—',
    services: [],
    status: r.status as string,
    start: null,
    typeName: '',
    details: [
      ['Subject', (r.subject as string | null) ?? '—'],
      ['Message', r.message as string],
    ],
  }));
  return [...c, ...m].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function filterEnquiries(rows: readonly Row[], f: EnquiryFilters): Row[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.status && r.status !== f.status) return false;
    if (f.kind && r.kind !== f.kind) return false;
    if (f.service && !r.services.includes(f.service)) return false;
    const day = londonParts(new Date(r.createdAt)).date;
    if (f.from && day < f.from) return false;
    if (f.until && day > f.until) return false;
    if (
      q &&
      ![r.reference, r.name, r.email, r.company ?? '', r.about, r.phone ?? ''].some((v) =>
        v.toLowerCase().includes(q),
      )
    )
      return false;
    return true;
  });
}

/** Today's consultations and the rest of this week's (to Sunday), in time order, UK days. */
export function agendaOf(
  rows: readonly Row[],
  now = new Date(),
): { today: AgendaItem[]; week: AgendaItem[] } {
  const today = londonParts(now).date;
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (7 - ((d.getUTCDay() + 6) % 7)) - 1);
  const sunday = d.toISOString().slice(0, 10);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const dayClock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const booked = rows
    .filter((r) => r.kind === 'consultation' && r.start && !offAgenda.has(r.status))
    .map((r) => ({ r, day: londonParts(new Date(r.start!)).date }))
    .filter(({ day }) => day >= today && day <= sunday)
    .sort((a, b) => a.r.start!.localeCompare(b.r.start!));
  const item = (r: Row, sameDay: boolean): AgendaItem => ({
    id: r.id,
    when: (sameDay ? clock : dayClock).format(new Date(r.start!)),
    name: r.name,
    typeName: r.typeName,
    reference: r.reference,
    status: r.status,
    statusLabel: enquiryStatusLabels[r.status as keyof typeof enquiryStatusLabels] ?? r.status,
  });
  return {
    today: booked.filter((b) => b.day === today).map((b) => item(b.r, true)),
    week: booked.filter((b) => b.day > today).map((b) => item(b.r, false)),
  };
}

const csvColumns = [
  { header: 'Reference', value: (r: Row) => r.reference },
  { header: 'Kind', value: (r: Row) => (r.kind === 'consultation' ? 'Consultation' : 'Contact message') },
  { header: 'Received', value: (r: Row) => r.createdAt },
  {
    header: 'Status',
    value: (r: Row) => enquiryStatusLabels[r.status as keyof typeof enquiryStatusLabels] ?? r.status,
  },
  { header: 'Name', value: (r: Row) => r.name },
  { header: 'E-mail', value: (r: Row) => r.email },
  { header: 'Phone', value: (r: Row) => r.phone ?? '' },
  { header: 'Company', value: (r: Row) => r.company ?? '' },
  { header: 'About', value: (r: Row) => r.about },
  ...['Consultation', 'Preferred time', 'Package', 'Subject', 'Message'].map((k) => ({
    header: k,
    value: (r: Row) => r.details.find(([label]) => label === k)?.[1] ?? '',
  })),
];

/**
 * The enquiry dashboard: every consultation request and contact message, kept current over Realtime, filtered,
 * 25 a page; the chosen one's notes and history; status changes, notes and the CSV export of what is filtered.
 */
export function useConsultationDashboard() {
  const { data, state, error, reload, changed } = useLiveTables('consultation-dashboard', tables, fallbackMs);
  const [types, setTypes] = useState<Map<string, string>>(new Map());
  const [filters, setFilters] = useState<EnquiryFilters>(emptyEnquiryFilters);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [history, setHistory] = useState<EnquiryHistory | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The consultation types' names (for the detail view); they change rarely, so they are read with the list.
  const loadTypes = useCallback(async () => {
    const names = await readTypeNames(await loadSupabase());
    if (names) setTypes(names);
  }, []);
  useEffect(() => {
    const first = setTimeout(() => void loadTypes(), 0);
    return () => clearTimeout(first);
  }, [loadTypes]);
  const load = useCallback(() => Promise.all([reload(), loadTypes()]), [reload, loadTypes]);

  const rows = useMemo(() => toRows(data.consultations, data.contact_messages, types), [data, types]);
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const loadHistory = useCallback(async (row: Row | null) => {
    if (!row) return setHistory(null);
    const { notes, events } = await readEnquiryHistory(await loadSupabase(), row.kind, row.id);
    const who = (e: string | null) => e ?? 'the requester';
    const name = (s: string | null) => enquiryStatusLabels[s as keyof typeof enquiryStatusLabels] ?? s ?? '';
    setHistory({
      notes: notes.map((n) => ({
        id: n.id,
        author: n.author_email ?? '—',
        at: ukDateTime(n.created_at),
        body: n.body,
      })),
      events: events.map((e) => ({
        id: String(e.id),
        at: ukDateTime(e.created_at),
        text:
          e.action === 'created'
            ? `Received (${who(e.actor_email)})`
            : e.action === 'status'
              ? `${name(e.from_status)} → ${name(e.to_status)} by ${who(e.actor_email)}`
              : e.action === 'note'
                ? `Note added by ${who(e.actor_email)}`
                : `Changed ${e.detail as string} (${who(e.actor_email)})`,
      })),
    });
  }, []);
  useEffect(() => {
    const t = setTimeout(() => void loadHistory(selected), 0);
    return () => clearTimeout(t);
    // Again when another row is chosen or the chosen one's status changes (a change adds an event).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, selected?.status]);

  const visible = useMemo(() => filterEnquiries(rows, filters), [rows, filters]);
  const agenda = useMemo(() => agendaOf(rows), [rows]);
  const shown = pageOf(visible, page, perPage);

  const selectRow = (id: string | null) => {
    setSelectedId(id);
    setMessage(null);
  };
  const changeFilters = (f: EnquiryFilters) => {
    setFilters(f);
    setPage(1);
  };
  const changeStatus = async (row: EnquiryRow, to: string) => {
    setBusy(true);
    const e = await setEnquiryStatus(await loadSupabase(), row.kind, row.id, to);
    // The change also arrives over Realtime; reading the row now shows it without waiting for that.
    await changed(enquiryTable(row.kind), row.id);
    setBusy(false);
    setMessage(
      e
        ? { tone: 'error', text: e.message }
        : {
            tone: 'success',
            text: `${row.reference} is now ${enquiryStatusLabels[to as keyof typeof enquiryStatusLabels].toLowerCase()}.`,
          },
    );
  };
  const changeBooking = async (
    row: EnquiryRow,
    change: { action: 'cancel' } | { action: 'reschedule'; start: string },
    reason: string,
  ) => {
    setBusy(true);
    const answer = await changeBookingAsAdmin(await loadSupabase(), row.id, { ...change, reason });
    await changed('consultations', row.id);
    setBusy(false);
    setMessage(
      !answer.ok
        ? { tone: 'error', text: answer.message }
        : change.action === 'cancel'
          ? {
              tone: 'success',
              text: `${row.reference} is cancelled; the visitor has been mailed the reason.`,
            }
          : {
              tone: 'success',
              text: `${row.reference} is moved to ${formatSlot(change.start)}; the visitor has been mailed the new time and the reason.`,
            },
    );
  };
  const addNote = async (row: EnquiryRow, body: string) => {
    const e = await addEnquiryNote(await loadSupabase(), row.kind, row.id, body);
    setMessage(e ? { tone: 'error', text: e.message } : { tone: 'success', text: 'Note added.' });
    await loadHistory(row as Row);
  };
  const exportCsv = () => {
    const blob = new Blob(['\ufeff', toCsv(csvColumns, visible)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = csvFileName('enquiries');
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return {
    state,
    error,
    agenda,
    retry: () => void load(),
    shown,
    total: visible.length,
    filters,
    changeFilters,
    setPage,
    selectedId,
    selectRow,
    history,
    busy,
    message,
    changeStatus,
    moveBooking: (row: EnquiryRow, start: string, reason: string) =>
      changeBooking(row, { action: 'reschedule', start }, reason),
    cancelBooking: (row: EnquiryRow, reason: string) => changeBooking(row, { action: 'cancel' }, reason),
    addNote,
    exportCsv,
  };
}
