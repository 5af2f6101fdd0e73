import { useCallback, useEffect, useRef, useState } from 'react';
import { csvFileName, toCsv } from '@pentland/enquiries/csv';
import { qrLandings } from '@pentland/site-data';
import type { ScanStats } from '@pentland/screens';
import { useLiveChannel } from '../../lib/live.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import { listPosters, readScanStats, type PosterRow } from './data.ts';

export const landingNames: Record<string, string> = {
  ...Object.fromEntries(qrLandings.map((l) => [l.path, l.name])),
  '/eboard-welcome': 'E-Board welcome',
};

const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d); // YYYY-MM-DD
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

// New scans arrive over Realtime (the owner's only: RLS decides) and the figures are re-read at once; only while
// the channel is down are they re-read on this interval.
const FALLBACK_MS = 30_000;
// A burst of scans (a poster passed round a room) is one re-read.
const SETTLE_MS = 500;

/**
 * Scans of the user's posters (one or all) over a range of UK days, kept current over Realtime (a burst of scans is
 * one re-read); the per-day figures as CSV.
 */
export function usePosterAnalytics() {
  const [posters, setPosters] = useState<PosterRow[]>([]);
  const [poster, setPoster] = useState('all');
  const [range, setRange] = useState(() => ({ from: daysAgo(29), until: daysAgo(0) }));
  const { from, until: to } = range;
  const [stats, setStats] = useState<ScanStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadSupabase()
      .then(listPosters)
      .then(setPosters)
      .catch((e: Error) => setError(e.message));
  }, []);

  // The range and poster chosen now. The live channel's handler and the settle timer outlive the render that set
  // them up, so they re-read with what is chosen when they fire, never with what was chosen when they were made.
  const chosen = useRef({ poster, from, to });
  useEffect(() => {
    chosen.current = { poster, from, to };
  });
  // Each read is numbered; only the newest one's answer is shown (a slow read of a range the user has since changed
  // must not overwrite the figures of the range now chosen).
  const latestRead = useRef(0);
  const load = useCallback(async () => {
    const { poster: which, from: since, to: until } = chosen.current;
    if (!since || !until) return;
    const read = ++latestRead.current;
    try {
      const client = await loadSupabase();
      const next = await readScanStats(client, which === 'all' ? null : which, since, until);
      if (read !== latestRead.current) return;
      setError(null);
      setStats(next);
    } catch (e) {
      if (read !== latestRead.current) return;
      setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    if (!from || !to) return;
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [load, poster, from, to]);

  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const loadSoon = useCallback(() => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => void load(), SETTLE_MS);
  }, [load]);
  useEffect(() => () => clearTimeout(settle.current), []);
  useLiveChannel({
    // One channel per poster filter (a filtered subscription for one poster, else all the owner's scans).
    topic: `poster-scans:${poster}`,
    bind: (channel) =>
      channel.on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'poster_scans',
          ...(poster === 'all' ? {} : { filter: `poster_id=eq.${poster}` }),
        },
        () => loadSoon(),
      ),
    refresh: loadSoon,
    fallbackMs: FALLBACK_MS,
  });

  const exportCsv = () => {
    if (!stats) return;
    const csv = toCsv(
      [
        { header: 'Date', value: (r: ScanStats['by_day'][number]) => r.day },
        { header: 'Scans', value: (r) => r.scans },
        { header: 'Unique visitors', value: (r) => r.visitors },
      ],
      stats.by_day,
    );
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    a.download = csvFileName('poster-scans');
    a.click();
  };

  return { posters, poster, setPoster, range, setRange, stats, error, exportCsv };
}
