import { enquiryStatuses, enquiryStatusLabels, enquiryTransitions } from '@pentland/enquiries';
import { services } from '@pentland/site-data';
import { PageHeader, Pagination, Section, Stack } from '@pentland/ui';
import { ConsultationAgenda, EnquiryDashboard } from '@pentland/screens';
import { useConsultationDashboard } from './useConsultationDashboard.ts';

const statusOptions = enquiryStatuses.map((s) => ({ value: s, label: enquiryStatusLabels[s] }));
const serviceOptions = services.map((s) => ({ value: s.slug, label: s.title }));

/** /consultation-dashboard (admins): consultations and contact messages, workflow, notes, audit, CSV export. */
export default function ConsultationDashboardPage() {
  const d = useConsultationDashboard();
  return (
    <>
      <PageHeader
        title="Manage Consultations"
        lead="Every consultation request and contact message: search, filter, move each through the workflow, keep notes."
      />
      <Section>
        <Stack gap="5">
          {d.state === 'ready' && (
            <ConsultationAgenda
              today={d.agenda.today}
              week={d.agenda.week}
              onOpen={(id) => d.selectRow(id)}
            />
          )}
          <EnquiryDashboard
            state={d.state}
            error={d.error}
            onRetry={d.retry}
            rows={d.shown.rows}
            total={d.total}
            filters={d.filters}
            onFiltersChange={d.changeFilters}
            pager={
              <Pagination
                page={d.shown.page}
                pageCount={d.shown.pageCount}
                onPageChange={d.setPage}
                label="Enquiry pages"
                summary={d.shown.summary('enquiries')}
              />
            }
            statuses={statusOptions}
            services={serviceOptions}
            transitions={enquiryTransitions}
            selectedId={d.selectedId}
            onSelect={d.selectRow}
            history={d.history}
            busy={d.busy}
            actionMessage={d.message}
            onStatusChange={d.changeStatus}
            onMoveBooking={d.moveBooking}
            onCancelBooking={d.cancelBooking}
            onAddNote={d.addNote}
            onExport={d.exportCsv}
          />
        </Stack>
      </Section>
    </>
  );
}
