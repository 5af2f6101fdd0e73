import { providers, providersContent, serviceBySlug, servicePath } from '@pentland/site-data';
import { Card, Grid, Inline, Link, LogoStrip, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { ClosingCallToAction } from './ClosingCallToAction.tsx';

/** /providers: the platforms the company builds on, and what it does with each. */
export default function ProvidersPage() {
  return (
    <>
      <PageHeader title={providersContent.heading} lead={providersContent.intro} />
      <Section>
        <Stack gap="6">
          <LogoStrip
            label={providersContent.stripHeading}
            items={providers.map((p) => ({ name: p.name, badge: p.badge, caption: p.category }))}
          />
          <Grid>
            {providers.map((p) => (
              <Card key={p.id} as="article" title={p.name} titleAs="h2">
                <Text size="sm" tone="muted">
                  {p.category}
                </Text>
                <Text>{p.whatWeDo}</Text>
                <Inline as="ul" gap="2" aria-label={`${providersContent.servicesLabel}: ${p.name}`}>
                  {p.services.flatMap((slug) => {
                    const service = serviceBySlug(slug);
                    return service ? (
                      <Text key={slug} as="span" size="sm" weight="semibold">
                        <Link to={servicePath(service)}>{service.title}</Link>
                      </Text>
                    ) : (
                      []
                    );
                  })}
                </Inline>
              </Card>
            ))}
          </Grid>
          <Text tone="muted">{providersContent.independence}</Text>
        </Stack>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
