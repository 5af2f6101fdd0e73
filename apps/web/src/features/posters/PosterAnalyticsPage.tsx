import { Button, ButtonLink, DateRangePicker, PageHeader, Section, Select } from '@pentland/ui';
import { ScanAnalytics } from '@pentland/screens';
import * as css from './poster.css.ts';
import { landingNames, usePosterAnalytics } from './usePosterAnalytics.ts';

/** /poster-analytics: scans of the user's posters per day, by landing page, source and poster; CSV export. */
export default function PosterAnalyticsPage() {
  const { posters, poster, setPoster, range, setRange, stats, error, exportCsv } = usePosterAnalytics();
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
