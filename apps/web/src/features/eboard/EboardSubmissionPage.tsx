import { ButtonLink, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { EboardSubmissionForm, SubmissionReceipt } from '@pentland/screens';
import { eboardCategories } from '@pentland/enquiries';
import { useUkToday } from '../../lib/renderClock.ts';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useEboardSubmission } from './useEboardSubmission.ts';
import { useQrLanding } from '../../lib/useQrLanding.ts';

/**
 * /eboard-submissions: a public form for an E-Board entry; entries wait for moderation. The E-Board display's QR code
 * leads here: a visit with its `?poster=…` is recorded as that poster's scan, as on every QR landing page.
 */
export default function EboardSubmissionPage() {
  useQrLanding('/eboard-submissions');
  const entry = useEboardSubmission();
  const today = useUkToday();
  const done = entry.receipt;

  return (
    <>
      <PageHeader
        title="E-Board Submissions"
        lead="Share a notice, event or opportunity with Caithness on our E-Board screen. Every entry is checked by our team before it appears."
      />
      <Section width="medium">
        {done ? (
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
        )}
      </Section>
    </>
  );
}
