import { useLocation } from 'react-router-dom';
import {
  formatFromPrice,
  matchRoute,
  serviceBySlug,
  serviceDetailContent,
  servicePath,
  services,
} from '@pentland/site-data';
import { BulletList, ButtonLink, Card, Inline, PageHeader, Section, Text } from '@pentland/ui';

export default function ServicePage() {
  const { pathname } = useLocation();
  const slug = matchRoute(pathname)?.route.path.split('/')[2] ?? '';
  const service = serviceBySlug(slug);
  if (!service) return null;
  const others = services.filter((s) => s.slug !== service.slug);
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: 'Home', to: '/' },
          { label: 'Services', to: '/services' },
          { label: service.title },
        ]}
        title={service.title}
        lead={service.summary}
        meta={
          <Text size="xl" weight="semibold">
            {formatFromPrice(service)}
          </Text>
        }
        actions={
          <>
            <ButtonLink to={serviceDetailContent.primaryAction.to} variant="accent" size="large">
              {serviceDetailContent.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={serviceDetailContent.secondaryAction.to} variant="inverse" size="large">
              {serviceDetailContent.secondaryAction.label}
            </ButtonLink>
          </>
        }
      />
      <Section width="medium">
        <Card title={serviceDetailContent.featuresHeading} titleAs="h2" padding="large">
          <BulletList items={service.features} />
        </Card>
      </Section>
      <Section tone="muted" title={serviceDetailContent.otherServicesHeading} id="other-services">
        <Inline as="ul">
          {others.map((other) => (
            <ButtonLink key={other.slug} to={servicePath(other)} variant="secondary" size="small">
              {other.title}
            </ButtonLink>
          ))}
        </Inline>
      </Section>
    </>
  );
}
