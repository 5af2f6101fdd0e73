import { useLocation } from 'react-router-dom';
import {
  consultationRequestPath,
  formatFromPrice,
  matchRoute,
  serviceBySlug,
  serviceDetail,
  serviceDetailContent as copy,
  servicePrices,
  type Service,
} from '@pentland/site-data';
import {
  BulletList,
  ButtonLink,
  CallToAction,
  Card,
  FaqList,
  Grid,
  Link,
  PageHeader,
  PriceList,
  Section,
  Stack,
  StepList,
  Text,
} from '@pentland/ui';
import { ServiceCard } from './ServiceCard.tsx';

function ServiceContent({ service }: { service: Service }) {
  const detail = serviceDetail(service.slug);
  const request = consultationRequestPath(service.slug);
  const related = detail.related.flatMap((slug) => serviceBySlug(slug) ?? []);
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: copy.breadcrumbHome, to: '/' },
          { label: copy.breadcrumbServices, to: '/services' },
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
            <ButtonLink to={request} variant="accent" size="large">
              {copy.primaryActionLabel}
            </ButtonLink>
            <ButtonLink to={copy.secondaryAction.to} variant="inverse" size="large">
              {copy.secondaryAction.label}
            </ButtonLink>
          </>
        }
      />
      <Section>
        <Grid columns={2} as="div">
          <Stack gap="4">
            <h2>{copy.aboutHeading}</h2>
            {detail.description.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
            <Text tone="muted">
              <strong>{copy.idealForLabel}:</strong> {detail.idealFor}
            </Text>
          </Stack>
          <Card title={copy.featuresHeading} titleAs="h2" padding="large">
            <BulletList marker="tick" items={service.features} />
          </Card>
        </Grid>
      </Section>
      <Section tone="muted" title={copy.stepsHeading} id="how-it-works">
        <StepList steps={detail.steps} />
      </Section>
      <Section title={copy.pricesHeading} id="prices" intro={copy.pricesNote}>
        <Stack gap="5" align="start">
          <PriceList
            label={`${service.title} prices`}
            items={servicePrices(service.slug).map((p) => ({
              name: p.name,
              summary: p.summary,
              price: p.price,
              detail: p.terms,
            }))}
          />
          <Text weight="semibold">
            <Link to={copy.packageAction.to}>{copy.packageAction.label}</Link>
          </Text>
        </Stack>
      </Section>
      <Section tone="muted" width="medium" title={copy.faqsHeading} id="faqs">
        <FaqList faqs={detail.faqs} />
      </Section>
      <Section title={copy.relatedHeading} id="related-services">
        <Grid>
          {related.map((r) => (
            <ServiceCard key={r.slug} service={r} />
          ))}
        </Grid>
      </Section>
      <CallToAction
        title={copy.closingHeading(service.title)}
        text={copy.closingText}
        action={{ label: copy.primaryActionLabel, to: request }}
      />
    </>
  );
}

/** /services/<slug>: everything about one service, from the route's slug. */
export default function ServicePage() {
  const { pathname } = useLocation();
  const slug = matchRoute(pathname)?.route.path.split('/')[2] ?? '';
  const service = serviceBySlug(slug);
  return service ? <ServiceContent service={service} /> : null;
}
