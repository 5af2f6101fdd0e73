import { homeContent, services, siteImages } from '@pentland/site-data';
import { ButtonLink, CallToAction, Card, Grid, Hero, Section, Text } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';

export default function HomePage() {
  return (
    <>
      <Hero
        eyebrow={homeContent.eyebrow}
        title={homeContent.heading}
        lead={homeContent.intro}
        actions={
          <>
            <ButtonLink to={homeContent.primaryAction.to} variant="accent" size="large">
              {homeContent.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={homeContent.secondaryAction.to} variant="inverse" size="large">
              {homeContent.secondaryAction.label}
            </ButtonLink>
          </>
        }
        media={
          <img
            src={siteImages.hero}
            alt="The Caithness coast under a sky of connected clouds"
            width={1200}
            height={600}
            fetchPriority="high"
          />
        }
      />
      <Section title={homeContent.servicesHeading} id="services" intro={homeContent.servicesIntro}>
        <Grid>
          {services.map((service) => (
            <ServiceCard key={service.slug} service={service} />
          ))}
        </Grid>
      </Section>
      <Section tone="muted" title={homeContent.highlightsHeading} id="why">
        <Grid columns={4}>
          {homeContent.highlights.map((h) => (
            <Card key={h.title} title={h.title} elevation="flat">
              <Text tone="muted">{h.text}</Text>
            </Card>
          ))}
        </Grid>
      </Section>
      <CallToAction
        title={homeContent.closingHeading}
        text={homeContent.closingText}
        action={homeContent.primaryAction}
      />
    </>
  );
}
