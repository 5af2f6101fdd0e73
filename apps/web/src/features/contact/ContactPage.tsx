import { useState } from 'react';
import { validateContactMessage } from '@pentland/enquiries';
import { contact, formatAddress, mailtoHref, openingHours, telHref, geo } from '@pentland/site-data';
import { Card, ContactForm, emptyContact, Grid, Link, PageHeader, Section, Stack, SubmissionReceipt, Text, type ContactValues } from '@pentland/ui';
import { submitForm } from '../../lib/forms.ts';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';

/** /contact: the contact block (no third-party embed loads with the page) and the contact form. */
export default function ContactPage() {
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ reference: string; mailed: boolean } | null>(null);
  const mapHref = `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=15/${geo.latitude}/${geo.longitude}`;

  const submit = async () => {
    setFormError(null);
    const check = validateContactMessage(values);
    if (!check.ok && !check.spam) return setErrors(check.errors as Record<string, string>);
    setErrors({});
    setSubmitting(true);
    const res = await submitForm<{ reference: string; mailed: boolean }>('submit-contact', { ...values });
    setSubmitting(false);
    if (res.ok) setDone(res.data);
    else {
      setErrors(res.fields ?? {});
      setFormError(res.message);
    }
  };

  return (
    <>
      <PageHeader title="Contact Us" lead="Call, e-mail or visit us in Thurso. We answer Monday to Friday, 09:00 to 17:00." />
      <Section>
        <Grid as="div">
          <Card as="section" title="Get in touch" titleAs="h2">
            <Stack gap="3">
              <Text>
                E-mail: <Link to={mailtoHref}>{contact.email}</Link>
              </Text>
              <Text>
                Phone: <Link to={telHref}>{contact.phone}</Link>
              </Text>
              <Text>Address: {formatAddress(contact.address)}</Text>
              <Text>
                Opening hours: Monday to Friday, {openingHours.opens}–{openingHours.closes}
              </Text>
              <Text>
                <Link to={mapHref}>Find us on OpenStreetMap</Link> (opens the map site)
              </Text>
            </Stack>
          </Card>
          <Card as="section" title="Send us a message" titleAs="h2">
            {done ? (
              <SubmissionReceipt title="Thank you — your message is in" reference={done.reference} mailed={done.mailed}>
                <Text>We have e-mailed you a copy and will reply within one working day.</Text>
              </SubmissionReceipt>
            ) : (
              <Stack gap="4">
                <PrivacyNotice form="contact" />
                <ContactForm
                values={values}
                onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
                onSubmit={() => void submit()}
                errors={errors}
                formError={formError}
                submitting={submitting}
                />
              </Stack>
            )}
          </Card>
        </Grid>
      </Section>
    </>
  );
}
