import { homeContent, services, servicesContent } from '@pentland/site-data';
import { CallToAction, Grid, PageHeader, Section } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';

export default function ServicesPage() {
  return (
    <>
      <PageHeader title={servicesContent.heading} lead={servicesContent.intro} />
      <Section>
        <Grid>
          {services.map((service) => (
            <ServiceCard key={service.slug} service={service} titleAs="h2" />
          ))}
        </Grid>
      </Section>
      <CallToAction
        tone="muted"
        title={servicesContent.closingHeading}
        text={servicesContent.closingText}
        action={homeContent.primaryAction}
      />
    </>
  );
}
