import { ButtonLink, Stack, Text } from '@pentland/ui';
import { ConsultationRequestForm, SubmissionReceipt } from '@pentland/screens';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useConsultationRequest } from './useConsultationRequest.ts';

/**
 * The consultation request form with its privacy notice, then its receipt: the part of /consultation-request that
 * runs (an island there).
 */
export default function ConsultationRequestIsland() {
  const request = useConsultationRequest();
  const done = request.receipt;
  return done ? (
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
          Your consultation is confirmed for {done.slot}. We have e-mailed you a confirmation with a calendar
          file and a link to move or cancel it.
        </Text>
      ) : (
        <Text>
          You asked for {done.slot}. We have e-mailed you a confirmation with a calendar file, and we will
          contact you to confirm the time.
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
  );
}
