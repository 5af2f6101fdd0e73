import { useCallback, useEffect, useState } from 'react';
import { csvFileName, toCsv } from '@pentland/enquiries/csv';
import { qrLandings } from '@pentland/site-data';
import {
  Button,
  ButtonLink,
  PageHeader,
  ScanAnalytics,
  Section,
  Select,
  TextField,
  type ScanStats,
} from '@pentland/ui';
import { loadSupabase } from '../lib/supabase';
import { failure, listPosters, type PosterRow } from '../poster/posters';

const landingNames: Record<string, string> = {
  ...Object.fromEntries(qrLandings.map((l) => [l.path, l.name])),
  '/eboard-welcome': 'E-Board welcome',
};

const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d); // YYYY-MM-DD
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

// Until live updates (Realtime) are available, the figures refresh on this interval.
const REFRESH_MS = 30_000;

/** /poster-analytics: scans of the user's posters per day, by landing page, source and poster; CSV export. */
export default function PosterAnalyticsPage() {
  const [posters, setPosters] = useState<PosterRow[]>([]);
  const [poster, setPoster] = useState('all');
  const [from, setFrom] = useState(() => daysAgo(29));
  const [to, setTo] = useState(() => daysAgo(0));
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
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [load]);

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
              <div>
                <TextField
                  label="From"
                  type="date"
                  value={from}
                  max={to}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </div>
              <div>
                <TextField
                  label="To"
                  type="date"
                  value={to}
                  min={from}
                  onChange={(e) => setTo(e.target.value)}
                />
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
