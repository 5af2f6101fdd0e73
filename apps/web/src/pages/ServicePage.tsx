import { useLocation } from 'react-router-dom';
import {
  formatFromPrice,
  matchRoute,
  serviceBySlug,
  serviceDetailContent,
  servicePath,
  services,
} from '@pentland/site-data';
import { ButtonLink, Card, Link, Section } from '@pentland/ui';
import * as css from './pages.css';

export default function ServicePage() {
  const { pathname } = useLocation();
  const slug = matchRoute(pathname)?.route.path.split('/')[2] ?? '';
  const service = serviceBySlug(slug);
  if (!service) return null;
  const others = services.filter((s) => s.slug !== service.slug);
  return (
    <>
      <Section tone="inverse">
        <div className={css.stackStart}>
          <nav aria-label="Breadcrumb">
            <Link to="/services" className={css.breadcrumb}>
              All services
            </Link>
          </nav>
          <h1 className={css.heroTitle}>{service.title}</h1>
          <p className={css.heroText}>{service.summary}</p>
          <p className={css.priceLarge}>{formatFromPrice(service)}</p>
          <div className={css.actions}>
            <ButtonLink to={serviceDetailContent.primaryAction.to} variant="accent" size="large">
              {serviceDetailContent.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={serviceDetailContent.secondaryAction.to} variant="inverse" size="large">
              {serviceDetailContent.secondaryAction.label}
            </ButtonLink>
          </div>
        </div>
      </Section>
      <Section width="medium">
        <Card title={serviceDetailContent.featuresHeading} titleAs="h2" padding="large">
          <ul className={css.featureList}>
            {service.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Card>
      </Section>
      <Section tone="muted" title={serviceDetailContent.otherServicesHeading} id="other-services">
        <ul className={css.linkList}>
          {others.map((other) => (
            <li key={other.slug}>
              <ButtonLink to={servicePath(other)} variant="secondary" size="small">
                {other.title}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
