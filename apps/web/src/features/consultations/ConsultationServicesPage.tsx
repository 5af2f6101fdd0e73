import { PageHeader, Section } from '@pentland/ui';
import { AvailabilityEditor, ConsultationTypesManager } from '@pentland/screens';
import { useAvailability } from './useAvailability.ts';
import { useConsultationServices } from './useConsultationServices.ts';

/** /services/consultation-services (admins): the consultation types the request form offers. */
export default function ConsultationServicesPage() {
  const s = useConsultationServices();
  const a = useAvailability();
  return (
    <>
      <PageHeader
        title="Consultation Services"
        lead="The consultation types visitors can choose on the request form: name, description, length, price, order, and whether it is offered."
      />
      <Section>
        <ConsultationTypesManager
          state={s.state}
          onRetry={s.retry}
          types={s.types}
          errors={s.errors}
          message={s.message}
          busy={s.busy}
          onSave={s.save}
        />
      </Section>
      <Section>
        <AvailabilityEditor
          state={a.state}
          error="Check your connection, or whether the booking calendar is set up on the server."
          onRetry={a.retry}
          week={a.week}
          onSaveWeek={a.saveWeek}
          weekErrors={a.weekErrors}
          types={a.types}
          onSaveType={a.saveType}
          typeErrors={a.typeErrors}
          daysOff={a.daysOff}
          onAddDayOff={a.addDay}
          dayOffErrors={a.dayOffErrors}
          onRemoveDayOff={a.removeDay}
          message={a.message}
          busy={a.busy}
        />
      </Section>
    </>
  );
}
