import {
  caseStudies,
  clientsContent as copy,
  sectors,
  serviceBySlug,
  servicePath,
} from '@pentland/site-data';
import { CaseStudyCard, Card, Grid, Inline, Link, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { ClosingCallToAction } from './ClosingCallToAction.tsx';
import { Testimonials } from './Testimonials.tsx';

/** /clients: the sectors served, case studies told as problem, solution and result, and testimonials. */
export default function ClientsPage() {
  return (
    <>
      <PageHeader title={copy.heading} lead={copy.intro} />
      <Section title={copy.sectorsHeading} id="sectors">
        <Grid>
          {sectors.map((s) => (
            <Card key={s.name} title={s.name} elevation="flat">
              <Text tone="muted">{s.text}</Text>
            </Card>
          ))}
        </Grid>
      </Section>
      <Section tone="muted" title={copy.caseStudiesHeading} id="case-studies">
        <Grid>
          {caseStudies.map((c) => (
            <CaseStudyCard
              key={c.id}
              title={c.title}
              client={c.client}
              meta={copy.townLabel(c)}
              figures={c.figures}
              figuresLabel={`${copy.resultsLabel}: ${c.title}`}
              quote={{
                text: c.quote.text,
                attribution: `${c.quote.name}, ${c.quote.role}, ${c.quote.organisation}`,
              }}
              parts={[
                { label: copy.problemLabel, text: c.problem },
                { label: copy.solutionLabel, text: c.solution },
                { label: copy.resultLabel, text: c.result },
              ]}
              footer={
                <Inline as="ul" gap="2" aria-label={`Services in ${c.title}`}>
                  {c.services.flatMap((slug) => {
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
              }
            />
          ))}
        </Grid>
      </Section>
      <Section title={copy.testimonialsHeading} id="testimonials">
        <Stack gap="5">
          <Testimonials ratingText={copy.ratingText} />
        </Stack>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
