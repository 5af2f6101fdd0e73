import { homeContent, services, siteImages } from '@pentland/site-data';
import { ButtonLink, Card, Section } from '@pentland/ui';
import { ServiceCard } from './ServiceCard';
import * as css from './pages.css';

export default function HomePage() {
  return (
    <>
      <Section tone="inverse">
        <div className={css.hero}>
          <div className={css.stackWide}>
            <p className={css.eyebrow}>{homeContent.eyebrow}</p>
            <h1 className={css.heroTitle}>{homeContent.heading}</h1>
            <p className={css.heroText}>{homeContent.intro}</p>
            <div className={css.actions}>
              <ButtonLink to={homeContent.primaryAction.to} variant="accent" size="large">
                {homeContent.primaryAction.label}
              </ButtonLink>
              <ButtonLink to={homeContent.secondaryAction.to} variant="inverse" size="large">
                {homeContent.secondaryAction.label}
              </ButtonLink>
            </div>
          </div>
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
        <p className={css.leadSpaced}>{homeContent.servicesIntro}</p>
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
                <p className={css.muted}>{h.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="brand" width="medium">
        <div className={css.stackStart}>
          <h2>{homeContent.closingHeading}</h2>
          <p className={css.large}>{homeContent.closingText}</p>
          <ButtonLink to={homeContent.primaryAction.to} variant="inverse" size="large">
            {homeContent.primaryAction.label}
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
