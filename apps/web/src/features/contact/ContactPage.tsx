import { contact, formatAddress, mailtoHref, openingHours, telHref, geo } from '@pentland/site-data';
import { Card, Grid, Link, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { ContactForm, SubmissionReceipt } from '@pentland/screens';
import { PrivacyNotice } from '../legal/PrivacyNotice.tsx';
import { useContact } from './useContact.ts';

/** /contact: the contact block (no third-party embed loads with the page) and the contact form. */
export default function ContactPage() {
  const { values, change, errors, formError, submitting, receipt: done, submit } = useContact();
  const mapHref = `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=15/${geo.latitude}/${geo.longitude}`;

  return (
    <>
      <PageHeader
        title="Contact Us"
        lead="Call, e-mail or visit us in Thurso. We answer Monday to Friday, 09:00 to 17:00."
      />
      <Section>
        <Grid as="div" columns="sidebar" align="start">
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
              <SubmissionReceipt
                title="Thank you — your message is in"
                reference={done.reference}
                mailed={done.mailed}
              >
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
            )}
          </Card>
        </Grid>
      </Section>
    </>
  );
}
