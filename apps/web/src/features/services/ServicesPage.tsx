import { consultationOffering, homeContent, services, servicesContent } from '@pentland/site-data';
import {
  BulletList,
  ButtonLink,
  CallToAction,
  Card,
  Grid,
  PageHeader,
  Section,
  Stack,
  Text,
} from '@pentland/ui';
import { LatestArticles } from '../articles/LatestArticles.tsx';
import { ServiceCard } from './ServiceCard.tsx';

export default function ServicesPage() {
  return (
    <>
      <PageHeader title={servicesContent.heading} lead={servicesContent.intro} />
      <Section title={servicesContent.gridHeading} id="all-services" intro={servicesContent.vatNote}>
        <Grid>
          {services.map((service) => (
            <ServiceCard key={service.slug} service={service} titleAs="h3" />
          ))}
        </Grid>
      </Section>
      <Section tone="muted" width="medium" title={servicesContent.consultationsHeading} id="consultations">
        <Card as="article" title={consultationOffering.title} titleAs="h3" padding="large">
          <Stack gap="4" align="start">
            <Text tone="muted">{consultationOffering.summary}</Text>
            <Text tone="accent" weight="semibold">
              {consultationOffering.highlight}
            </Text>
            <BulletList marker="tick" items={consultationOffering.points} />
            <ButtonLink to={consultationOffering.action.to} variant="primary">
              {consultationOffering.action.label}
            </ButtonLink>
          </Stack>
        </Card>
      </Section>
      <LatestArticles />
      <CallToAction
        title={servicesContent.closingHeading}
        text={servicesContent.closingText}
        action={homeContent.primaryAction}
      />
    </>
  );
}
