import { homeContent, services, servicesContent } from '@pentland/site-data';
import { ButtonLink, Section } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';
import * as css from './pages.css';

export default function ServicesPage() {
  return (
    <>
      <Section tone="inverse">
        <div className={css.stack}>
          <h1 className={css.heroTitle}>{servicesContent.heading}</h1>
          <p className={css.heroText}>{servicesContent.intro}</p>
        </div>
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
        <div className={css.stackStart}>
          <h2>{servicesContent.closingHeading}</h2>
          <p className={css.lead}>{servicesContent.closingText}</p>
          <ButtonLink to={homeContent.primaryAction.to} variant="primary">
            {homeContent.primaryAction.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
