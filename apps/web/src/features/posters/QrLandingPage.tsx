import { useLocation } from 'react-router-dom';
import { qrLandingByPath, qrLandings } from '@pentland/site-data';
import { ButtonLink, CallToAction, Card, Grid, Hero, Link, Section, Text } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import ScanIsland from './ScanIsland.tsx';

/**
 * /qr-welcome and /seaforth-darts-welcome: where a poster's QR code leads. A promotional page (prerendered) whose
 * visit, when the URL carries a poster id, is recorded as a scan after the page shows (`ScanIsland`: served as islands,
 * that, the navigation and the footer are all that run).
 */
export default function QrLandingPage() {
  const { pathname } = useLocation();
  const landing = qrLandingByPath(pathname) ?? qrLandings[0]!;
  return (
    <>
      <Island name="ScanIsland" props={{ landing: landing.path }}>
        <ScanIsland landing={landing.path} />
      </Island>
      <Hero
        eyebrow={landing.kicker}
        title={landing.heading}
        lead={landing.lead}
        actions={
          <>
            <ButtonLink to={landing.cta.to} variant="accent">
              {landing.cta.label}
            </ButtonLink>
            <ButtonLink to="/services" variant="inverse">
              See all services
            </ButtonLink>
          </>
        }
      />
      <Section title={landing.offerHeading}>
        <Grid>
          {landing.offers.map((offer) => (
            <Card key={offer.to} titleAs="h3" title={<Link to={offer.to}>{offer.title}</Link>}>
              <Text tone="muted">{offer.text}</Text>
            </Card>
          ))}
        </Grid>
      </Section>
      <CallToAction
        title={landing.cta.heading}
        text={landing.cta.text}
        action={{ label: landing.cta.label, to: landing.cta.to }}
      />
    </>
  );
}
