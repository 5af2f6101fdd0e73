import { contact, formatAddress, mailtoHref, openingHours, telHref, geo } from '@pentland/site-data';
import { Card, Grid, Link, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import ContactIsland from './ContactIsland.tsx';

/**
 * /contact: the contact block (no third-party embed loads with the page) and the contact form, the page's one island
 * beside the navigation's (site-data's `start: 'islands'`).
 */
export default function ContactPage() {
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
            <Island name="ContactIsland" props={{}}>
              <ContactIsland />
            </Island>
          </Card>
        </Grid>
      </Section>
    </>
  );
}
