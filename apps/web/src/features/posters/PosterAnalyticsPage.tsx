import { useCallback, useEffect, useRef, useState } from 'react';
import { csvFileName, toCsv } from '@pentland/enquiries/csv';
import { qrLandings } from '@pentland/site-data';
import {
  Button,
  ButtonLink,
  DateRangePicker,
  PageHeader,
  ScanAnalytics,
  Section,
  Select,
  type ScanStats,
} from '@pentland/ui';
import { useLiveChannel } from '../../lib/live.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import * as css from './poster.css.ts';
import { failure, listPosters, type PosterRow } from './data.ts';

const landingNames: Record<string, string> = {
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

/** /poster-analytics: scans of the user's posters per day, by landing page, source and poster; CSV export. */
export default function PosterAnalyticsPage() {
  const [posters, setPosters] = useState<PosterRow[]>([]);
  const [poster, setPoster] = useState('all');
  const [range, setRange] = useState(() => ({ from: daysAgo(29), until: daysAgo(0) }));
  const { from, until: to } = range;
  const [stats, setStats] = useState<ScanStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    listPosters()
      .then(setPosters)
      .catch((e: Error) => setError(e.message));
  }, []);

  const load = useCallback(async () => {
    if (!from || !to) return;
    const client = await loadSupabase();
    const { data, error: err } = await client.rpc('poster_scan_stats', {
      poster: poster === 'all' ? null : poster,
      from_date: from,
      to_date: to,
    });
    if (err) setError(failure(err, 'The scans could not be loaded. Check your connection and try again.'));
    else {
      setError(null);
      setStats(data as ScanStats);
    }
  }, [poster, from, to]);

  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    return () => clearTimeout(first);
  }, [load]);

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

  return (
    <>
      <PageHeader
        title="Poster Analytics"
        lead="Every scan of your posters’ QR codes, counted once per visitor within 30 minutes."
      />
      <Section>
        <ScanAnalytics
          stats={stats}
          error={error}
          landingNames={landingNames}
          controls={
            <>
              <div>
                <Select
                  label="Poster"
                  value={poster}
                  options={[
                    { value: 'all', label: 'All posters' },
                    ...posters.map((p) => ({ value: p.id, label: p.title })),
                  ]}
                  onValueChange={setPoster}
                />
              </div>
              <div className={css.dateRange}>
                <DateRangePicker legend="Scanned" untilLabel="To" value={range} onChange={setRange} />
              </div>
              <Button
                type="button"
                variant="secondary"
                disabled={!stats || stats.scans === 0}
                onClick={exportCsv}
              >
                Export CSV
              </Button>
              <ButtonLink to="/poster-creator" variant="ghost">
                Poster Creator
              </ButtonLink>
            </>
          }
        />
      </Section>
    </>
  );
}
