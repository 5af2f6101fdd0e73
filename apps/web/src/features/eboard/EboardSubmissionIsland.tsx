import { ButtonLink, Stack, Text } from '@pentland/ui';
import { EboardSubmissionForm, SubmissionReceipt } from '@pentland/screens';
import { eboardCategories } from '@pentland/enquiries';
import { useUkToday } from '../../lib/renderClock.ts';
import { useQrLanding } from '../../lib/useQrLanding.ts';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useEboardSubmission } from './useEboardSubmission.ts';

/**
 * The E-Board entry form with its privacy notice, then its receipt, and the visit's scan when the E-Board display's
 * QR code led here (`?poster=…`): the part of /eboard-submissions that runs (an island there).
 */
export default function EboardSubmissionIsland() {
  useQrLanding('/eboard-submissions');
  const entry = useEboardSubmission();
  const today = useUkToday();
  const done = entry.receipt;
  return done ? (
    <SubmissionReceipt
      title="Thank you — your entry is waiting for review"
      reference={done.reference}
      mailed={done.mailed}
      actions={<ButtonLink to="/eboard-welcome">See the E-Board</ButtonLink>}
    >
      <Text>
        We have e-mailed you a confirmation. We will e-mail you again when your entry has been reviewed.
      </Text>
    </SubmissionReceipt>
  ) : (
    <Stack gap="4">
      <PrivacyNotice form="eboard" />
      <EboardSubmissionForm
        values={entry.values}
        onChange={entry.change}
        onImageChange={(file) => void entry.chooseImage(file)}
        imageName={entry.imageName}
        onSubmit={() => void entry.submit()}
        errors={entry.errors}
        formError={entry.formError}
        submitting={entry.busy}
        categories={eboardCategories}
        today={today}
      />
    </Stack>
  );
}
