import { PageHeader, Section } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import ConsultationRequestIsland from './ConsultationRequestIsland.tsx';

/**
 * /consultation-request: a type booked at once shows its free times on a calendar, a request type the preferred day
 * and time; ?service=<slug> preselects a service, ?package= attaches a package. The form is the page's one island
 * beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function ConsultationRequestPage() {
  return (
    <>
      <PageHeader
        title="Request a Consultation"
        lead="Tell us what you need and when suits you. We answer Monday to Friday, 09:00 to 17:00, and confirm every request within one working day."
      />
      <Section width="medium">
        <Island name="ConsultationRequestIsland" props={{}}>
          <ConsultationRequestIsland />
        </Island>
      </Section>
    </>
  );
}
