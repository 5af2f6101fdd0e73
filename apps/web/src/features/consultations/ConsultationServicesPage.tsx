import { PageHeader, Section } from '@pentland/ui';
import { ConsultationTypesManager } from '@pentland/screens';
import { useConsultationServices } from './useConsultationServices.ts';

/** /services/consultation-services (admins): the consultation types the request form offers. */
export default function ConsultationServicesPage() {
  const s = useConsultationServices();
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
    </>
  );
}
