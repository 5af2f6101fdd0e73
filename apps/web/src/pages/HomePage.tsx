import { homeContent, services, siteImages } from '@pentland/site-data';
import { Box, ButtonLink, Card, Section } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';
import * as css from './pages.css';

export default function HomePage() {
  return (
    <>
      <Section tone="inverse">
        <div className={css.hero}>
          <Box display="flex" flexDirection="column" gap="5">
            <p className={css.eyebrow}>{homeContent.eyebrow}</p>
            <h1 className={css.heroTitle}>{homeContent.heading}</h1>
            <p className={css.heroText}>{homeContent.intro}</p>
            <Box display="flex" flexWrap="wrap" gap="3">
              <ButtonLink to={homeContent.primaryAction.to} variant="accent" size="large">
                {homeContent.primaryAction.label}
              </ButtonLink>
              <ButtonLink to={homeContent.secondaryAction.to} variant="inverse" size="large">
                {homeContent.secondaryAction.label}
              </ButtonLink>
            </Box>
          </Box>
          <img
            className={css.heroImage}
            src={siteImages.hero}
            alt="The Caithness coast under a sky of connected clouds"
            width={1200}
            height={600}
            fetchPriority="high"
          />
        </div>
      </Section>
      <Section title={homeContent.servicesHeading} id="services">
        <Box as="p" color="textMuted" fontSize="lg" marginBottom="6">
          {homeContent.servicesIntro}
        </Box>
        <ul className={css.cardGrid}>
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="muted" title={homeContent.highlightsHeading} id="why">
        <ul className={css.quadGrid}>
          {homeContent.highlights.map((h) => (
            <li key={h.title}>
              <Card title={h.title} elevation="flat" className={css.cardFill}>
                <Box as="p" color="textMuted">
                  {h.text}
                </Box>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="brand" width="medium">
        <Box display="flex" flexDirection="column" gap="4" alignItems="flex-start">
          <h2>{homeContent.closingHeading}</h2>
          <Box as="p" fontSize="lg">
            {homeContent.closingText}
          </Box>
          <ButtonLink to={homeContent.primaryAction.to} variant="inverse" size="large">
            {homeContent.primaryAction.label}
          </ButtonLink>
        </Box>
      </Section>
    </>
  );
}
