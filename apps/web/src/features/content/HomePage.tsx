import {
  fromPriceParts,
  homeContent,
  providers,
  serviceBySlug,
  services,
  heroImage,
} from '@pentland/site-data';
import { ButtonLink, Card, Grid, Hero, Link, LogoStrip, PriceList, Section, Stack, Text } from '@pentland/ui';
import { LatestArticles } from '../articles/LatestArticles.tsx';
import { ServiceCard } from '../services/ServiceCard.tsx';
import { SitePicture } from '../../SitePicture.tsx';
import { ClosingCallToAction } from './ClosingCallToAction.tsx';
import { Testimonials } from './Testimonials.tsx';

const pricingExamples = homeContent.pricingExamples.flatMap((slug) => {
  const service = serviceBySlug(slug);
  return service ? [service] : [];
});

export default function HomePage() {
  return (
    <>
      <Hero
        eyebrow={homeContent.eyebrow}
        title={homeContent.heading}
        lead={homeContent.intro}
        actions={
          <>
            <ButtonLink to={homeContent.primaryAction.to} variant="accent" size="large">
              {homeContent.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={homeContent.secondaryAction.to} variant="inverse" size="large">
              {homeContent.secondaryAction.label}
            </ButtonLink>
          </>
        }
        media={<SitePicture image={heroImage} alt={homeContent.heroImageAlt} priority />}
      />
      <Section title={homeContent.servicesHeading} id="services" intro={homeContent.servicesIntro}>
        <Grid>
          {services.map((service) => (
            <ServiceCard key={service.slug} service={service} />
          ))}
        </Grid>
      </Section>
      <Section tone="muted" title={homeContent.highlightsHeading} id="why">
        <Grid columns={4}>
          {homeContent.highlights.map((h) => (
            <Card key={h.title} title={h.title} elevation="flat">
              <Text tone="muted">{h.text}</Text>
            </Card>
          ))}
        </Grid>
      </Section>
      <Section title={homeContent.providersHeading} id="providers">
        <Stack gap="5" align="center">
          <LogoStrip
            label={homeContent.providersHeading}
            items={providers.map((p) => ({ name: p.name, badge: p.badge }))}
          />
          <Text weight="semibold">
            <Link to={homeContent.providersLink.to}>{homeContent.providersLink.label}</Link>
          </Text>
        </Stack>
      </Section>
      <Section tone="muted" title={homeContent.testimonialsHeading} id="testimonials">
        <Stack gap="5">
          <Testimonials ratingText={homeContent.ratingText} />
          <Text weight="semibold">
            <Link to={homeContent.testimonialsLink.to}>{homeContent.testimonialsLink.label}</Link>
          </Text>
        </Stack>
      </Section>
      <LatestArticles />
      <Section tone="muted" title={homeContent.pricingHeading} id="pricing" intro={homeContent.pricingText}>
        <Stack gap="5" align="start">
          <PriceList
            items={pricingExamples.map((s) => {
              const { price, per } = fromPriceParts(s);
              return { name: s.title, summary: s.summary, price, detail: per };
            })}
          />
          <ButtonLink to={homeContent.pricingLink.to} variant="primary">
            {homeContent.pricingLink.label}
          </ButtonLink>
        </Stack>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
