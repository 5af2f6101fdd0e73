import { useLocation } from 'react-router-dom';
import {
  formatFromPrice,
  matchRoute,
  serviceBySlug,
  serviceDetailContent,
  servicePath,
  services,
} from '@pentland/site-data';
import { Box, ButtonLink, Card, Link, Section } from '@pentland/ui';
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
        <Box display="flex" flexDirection="column" gap="4" alignItems="flex-start">
          <nav aria-label="Breadcrumb">
            <Link to="/services" className={css.breadcrumb}>
              All services
            </Link>
          </nav>
          <h1 className={css.heroTitle}>{service.title}</h1>
          <p className={css.heroText}>{service.summary}</p>
          <Box as="p" fontSize="xl" fontWeight="semibold">
            {formatFromPrice(service)}
          </Box>
          <Box display="flex" flexWrap="wrap" gap="3">
            <ButtonLink to={serviceDetailContent.primaryAction.to} variant="accent" size="large">
              {serviceDetailContent.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={serviceDetailContent.secondaryAction.to} variant="inverse" size="large">
              {serviceDetailContent.secondaryAction.label}
            </ButtonLink>
          </Box>
        </Box>
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
