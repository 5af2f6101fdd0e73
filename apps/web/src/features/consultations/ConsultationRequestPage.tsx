import { ButtonLink, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { ConsultationRequestForm, SubmissionReceipt } from '@pentland/screens';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useConsultationRequest } from './useConsultationRequest.ts';

/**
 * /consultation-request: a type booked at once shows its free times on a calendar, a request type the preferred day
 * and time; ?service=<slug> preselects a service, ?package= attaches a package.
 */
export default function ConsultationRequestPage() {
  const request = useConsultationRequest();
  const done = request.receipt;
  return (
    <>
      <PageHeader
        title="Request a Consultation"
        lead="Tell us what you need and when suits you. We answer Monday to Friday, 09:00 to 17:00, and confirm every request within one working day."
      />
      <Section width="medium">
        {done ? (
          <SubmissionReceipt
            title={
              done.status === 'confirmed'
                ? 'Thank you — your consultation is confirmed'
                : 'Thank you — your request is in'
            }
            reference={done.reference}
            mailed={done.mailed}
            actions={<ButtonLink to="/services">Back to our services</ButtonLink>}
          >
            {done.status === 'confirmed' ? (
              <Text>
                Your consultation is confirmed for {done.slot}. We have e-mailed you a confirmation with a
                calendar file and a link to move or cancel it.
              </Text>
            ) : (
              <Text>
                You asked for {done.slot}. We have e-mailed you a confirmation with a calendar file, and we
                will contact you to confirm the time.
              </Text>
            )}
          </SubmissionReceipt>
        ) : (
          <Stack gap="4">
            <PrivacyNotice form="consultation" />
            <ConsultationRequestForm
              values={request.values}
              onChange={request.change}
              onSubmit={() => void request.submit()}
              errors={request.errors}
              formError={request.formError}
              submitting={request.submitting}
              services={request.services}
              types={request.types}
              days={request.days}
              packageLines={request.packageLines}
              notice={request.notice}
              booking={request.booking}
            />
          </Stack>
        )}
      </Section>
    </>
  );
}
