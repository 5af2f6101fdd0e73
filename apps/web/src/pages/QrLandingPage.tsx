import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { qrLandingByPath, qrLandings } from '@pentland/site-data';
import { ButtonLink, Card, Link, Section } from '@pentland/ui';
import { recordScan } from '../poster/recordScan';
import * as css from './pages.css';

/**
 * /qr-welcome and /seaforth-darts-welcome: where a poster's QR code leads. A promotional page (prerendered) whose
 * visit, when the URL carries a poster id, is recorded as a scan after the page shows.
 */
export default function QrLandingPage() {
  const { pathname, search } = useLocation();
  const landing = qrLandingByPath(pathname) ?? qrLandings[0]!;

  useEffect(() => {
    recordScan(landing.path, search);
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <Section tone="inverse">
        <div className={css.stackStart}>
          <p className={css.eyebrow}>{landing.kicker}</p>
          <h1 className={css.heroTitle}>{landing.heading}</h1>
          <p className={css.heroText}>{landing.lead}</p>
          <div className={css.actions}>
            <ButtonLink to={landing.cta.to} variant="accent">
              {landing.cta.label}
            </ButtonLink>
            <ButtonLink to="/services" variant="inverse">
              See all services
            </ButtonLink>
          </div>
        </div>
      </Section>
      <Section title={landing.offerHeading}>
        <ul className={css.cardGrid}>
          {landing.offers.map((offer) => (
            <li key={offer.to}>
              <Card className={css.cardFill} titleAs="h3" title={<Link to={offer.to}>{offer.title}</Link>}>
                <p className={css.muted}>{offer.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="surface" width="medium">
        <div className={css.stackStart}>
          <h2>{landing.cta.heading}</h2>
          <p className={css.lead}>{landing.cta.text}</p>
          <ButtonLink to={landing.cta.to} variant="primary">
            {landing.cta.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
