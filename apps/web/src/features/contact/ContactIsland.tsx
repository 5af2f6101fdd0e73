import { Stack, Text } from '@pentland/ui';
import { ContactForm, SubmissionReceipt } from '@pentland/screens';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useContact } from './useContact.ts';

/** The contact form with its privacy notice, then its receipt: the part of /contact that runs (an island there). */
export default function ContactIsland() {
  const { values, change, errors, formError, submitting, receipt: done, submit } = useContact();
  return done ? (
    <SubmissionReceipt title="Thank you — your message is in" reference={done.reference} mailed={done.mailed}>
      <Text>We have e-mailed you a copy and will reply within one working day.</Text>
    </SubmissionReceipt>
  ) : (
    <Stack gap="4">
      <PrivacyNotice form="contact" />
      <ContactForm
        values={values}
        onChange={change}
        onSubmit={() => void submit()}
        errors={errors}
        formError={formError}
        submitting={submitting}
      />
    </Stack>
  );
}
