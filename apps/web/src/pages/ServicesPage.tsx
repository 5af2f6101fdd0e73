import { homeContent, services, servicesContent } from '@pentland/site-data';
import { Box, ButtonLink, Section } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';
import * as css from './pages.css';

export default function ServicesPage() {
  return (
    <>
      <Section tone="inverse">
        <Box display="flex" flexDirection="column" gap="4">
          <h1 className={css.heroTitle}>{servicesContent.heading}</h1>
          <p className={css.heroText}>{servicesContent.intro}</p>
        </Box>
      </Section>
      <Section>
        <ul className={css.cardGrid}>
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} titleAs="h2" />
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="muted" width="medium">
        <Box display="flex" flexDirection="column" gap="4" alignItems="flex-start">
          <h2>{servicesContent.closingHeading}</h2>
          <Box as="p" color="textMuted" fontSize="lg">
            {servicesContent.closingText}
          </Box>
          <ButtonLink to={homeContent.primaryAction.to} variant="primary">
            {homeContent.primaryAction.label}
          </ButtonLink>
        </Box>
      </Section>
    </>
  );
}
