import { eboardStatuses, eboardStatusLabels } from '@pentland/enquiries';
import { PageHeader, Pagination, Section, Stack } from '@pentland/ui';
import { EboardDisplays, EboardModeration, EboardPreview } from '@pentland/screens';
import { scheduleRules, useEboardDashboard } from './useEboardDashboard.ts';
import { useBoardPreview } from './useBoardPreview.ts';
import { useEboardDisplays } from './useEboardDisplays.ts';

const statusOptions = eboardStatuses.map((s) => ({ value: s, label: eboardStatusLabels[s] }));

/** /eboard-dashboard (admins): moderate E-Board entries. */
export default function EboardDashboardPage() {
  const d = useEboardDashboard();
  const preview = useBoardPreview(d.rows);
  const displays = useEboardDisplays();
  return (
    <>
      <PageHeader
        title="Manage E-Board"
        lead="Approve, reject with a reason (e-mailed to the submitter), edit, schedule and archive E-Board entries."
      />
      <Section>
        <Stack gap="5">
          <EboardModeration
            state={d.state}
            onRetry={d.retry}
            entries={d.shown.rows}
            counts={d.counts}
            statuses={statusOptions}
            statusFilter={d.filter}
            onStatusFilterChange={d.changeFilter}
            actions={d.actions}
            message={d.message}
            busy={d.busy}
            onModerate={d.moderate}
            onSave={d.save}
            scheduleRules={scheduleRules}
          />
          <Pagination
            page={d.shown.page}
            pageCount={d.shown.pageCount}
            onPageChange={d.setPage}
            label="Entry pages"
            summary={d.shown.summary('entries')}
          />
          {d.state === 'ready' && <EboardPreview {...preview} />}
          <EboardDisplays {...displays} />
        </Stack>
      </Section>
    </>
  );
}
