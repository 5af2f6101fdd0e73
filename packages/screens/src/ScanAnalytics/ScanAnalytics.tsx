import type { ReactNode } from 'react';
import { Alert, ButtonLink, Chart, Spinner, Table } from '@pentland/ui';
import * as css from './ScanAnalytics.css.ts';

interface Counted {
  scans: number;
  visitors: number;
}

/** `poster_scan_stats()`'s answer. */
export interface ScanStats extends Counted {
  from: string;
  to: string;
  /** The first moment the user may see (30 days back without premium), or null for the full history. */
  history_start: string | null;
  by_day: ({ day: string } & Counted)[];
  by_landing: ({ landing: string } & Counted)[];
  by_source: ({ source: string } & Counted)[];
  by_poster: ({ poster_id: string; title: string } & Counted)[];
}

export interface ScanAnalyticsProps {
  /** null while loading. */
  stats: ScanStats | null;
  /** The date range, poster filter and CSV export controls. */
  controls?: ReactNode;
  /** A failure to load (the previous figures stay). */
  error?: ReactNode;
  /** Names for landing paths. */
  landingNames?: Record<string, string>;
  upgradeTo?: string;
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** Poster analytics: totals, scans per day (chart and table), by landing page, by source and by poster. */
export function ScanAnalytics({
  stats,
  controls,
  error,
  landingNames = {},
  upgradeTo = '/pricing',
}: ScanAnalyticsProps) {
  return (
    <div className={css.layout}>
      {controls && <div className={css.controls}>{controls}</div>}
      {error && <Alert tone="error">{error}</Alert>}
      {!stats ? (
        <Spinner label="Loading scans..." />
      ) : (
        <>
          {stats.history_start && (
            <Alert tone="info" title="Free plan: the last 30 days">
              Scans before {longDay(stats.history_start)} are kept but shown only with premium.{' '}
              <ButtonLink to={upgradeTo} variant="secondary" size="small">
                See premium
              </ButtonLink>
            </Alert>
          )}
          <dl className={css.figures}>
            <div className={css.figure}>
              <dt className={css.label}>Scans</dt>
              <dd className={css.number}>{stats.scans}</dd>
            </div>
            <div className={css.figure}>
              <dt className={css.label}>Unique visitors</dt>
              <dd className={css.number}>{stats.visitors}</dd>
            </div>
          </dl>
          {stats.scans === 0 ? (
            <p className={css.muted}>
              No scans between {dayLabel(stats.from)} and {dayLabel(stats.to)}. Print a poster with its QR
              code, and each scan shows here.
            </p>
          ) : (
            <>
              <Chart
                title="Scans per day"
                labels={stats.by_day.map((d) => dayLabel(d.day))}
                series={[
                  { label: 'Scans', values: stats.by_day.map((d) => d.scans) },
                  { label: 'Unique visitors', values: stats.by_day.map((d) => d.visitors) },
                ]}
              />
              <div className={css.tables}>
                <Table
                  caption="By landing page"
                  columns={[
                    {
                      key: 'landing',
                      header: 'Landing page',
                      render: (r) => landingNames[r.landing] ?? r.landing,
                    },
                    { key: 'scans', header: 'Scans', align: 'right' },
                    { key: 'visitors', header: 'Visitors', align: 'right' },
                  ]}
                  rows={stats.by_landing}
                  rowKey={(r) => r.landing}
                />
                <Table
                  caption="By source"
                  columns={[
                    { key: 'source', header: 'Source (utm_source)' },
                    { key: 'scans', header: 'Scans', align: 'right' },
                    { key: 'visitors', header: 'Visitors', align: 'right' },
                  ]}
                  rows={stats.by_source}
                  rowKey={(r) => r.source}
                />
                <Table
                  caption="By poster"
                  columns={[
                    { key: 'title', header: 'Poster' },
                    { key: 'scans', header: 'Scans', align: 'right' },
                    { key: 'visitors', header: 'Visitors', align: 'right' },
                  ]}
                  rows={stats.by_poster}
                  rowKey={(r) => r.poster_id}
                />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
