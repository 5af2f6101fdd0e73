// /eboard-dashboard's displays: the registered screens kept current over Realtime (each heartbeat changes a row),
// how long since each was heard from (@pentland/enquiries' displayHealth, said when a row changes and again every
// 30 s), registering one (its key is answered once and shown as the display's URL) and asking one to reload.
import { useEffect, useState } from 'react';
import { displayHealth, displaySilentMinutes, lastSeenText } from '@pentland/enquiries';
import type { DisplayRow } from '@pentland/screens';
import { useLiveTables, type Raw } from '../../lib/liveRows.ts';
import { loadSupabase } from '../../lib/supabase.ts';

const tables = ['eboard_displays'] as const;
const fallbackMs = 30_000;

function showingText(showing: unknown): string | null {
  const s = showing as { count?: unknown; titles?: unknown } | null;
  if (!s || typeof s.count !== 'number') return null;
  const titles = Array.isArray(s.titles) ? s.titles.filter((t) => typeof t === 'string').join(', ') : '';
  return `${s.count} ${s.count === 1 ? 'entry' : 'entries'}${titles ? `: ${titles}` : ''}`;
}

const toRows = (rows: readonly Raw[], now: Date): DisplayRow[] =>
  [...rows]
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .map((r) => ({
      id: r.id as string,
      name: r.name as string,
      location: r.location as string | null,
      version: r.version as string | null,
      showing: showingText(r.showing),
      lastSeen: lastSeenText(r.last_seen as string | null, now),
      health: displayHealth(r.last_seen as string | null, now),
    }));

export function useEboardDisplays() {
  const { data, state, changed } = useLiveTables('eboard-displays', tables, fallbackMs);
  const [, setTick] = useState(0);
  const [registered, setRegistered] = useState<{ name: string; url: string } | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);
  // Said against the clock of this render, which comes when the rows change or the tick comes: a heartbeat that
  // arrives between two ticks is said as it is ("6 min ago"), not against the time of the last tick.
  const displays = toRows(data.eboard_displays, new Date());

  /** True once registered; false when refused (the message says why). */
  const register = async (name: string, location: string): Promise<boolean> => {
    setBusy(true);
    const { data: made, error } = await (
      await loadSupabase()
    ).rpc('register_eboard_display', { p_name: name, p_location: location || null });
    setBusy(false);
    if (error || !made) {
      setMessage({ tone: 'error', text: error?.message ?? 'The display could not be registered.' });
      return false;
    }
    const { id, key } = made as { id: string; key: string };
    setMessage(null);
    setRegistered({ name, url: `${window.location.origin}/eboard-welcome?display=1&key=${key}` });
    await changed('eboard_displays', id);
    return true;
  };
  const reload = async (id: string) => {
    setBusy(true);
    const { error } = await (await loadSupabase()).rpc('request_eboard_display_reload', { p_id: id });
    setBusy(false);
    const name = displays.find((d) => d.id === id)?.name ?? 'The display';
    setMessage(
      error
        ? { tone: 'error', text: error.message }
        : { tone: 'success', text: `${name} was asked to reload.` },
    );
  };
  return {
    state,
    displays,
    registered,
    onDismissRegistered: () => setRegistered(null),
    onRegister: register,
    onReload: (id: string) => void reload(id),
    message,
    busy,
    silentMinutes: displaySilentMinutes,
  };
}
