import { aboutContent as copy, companyAccreditations, team } from '@pentland/site-data';
import { Card, Inline, Link, PageHeader, Section, Stack, StepList, TeamGrid, Text } from '@pentland/ui';
import { ClosingCallToAction } from './ClosingCallToAction.tsx';

/** /about: the company's story in Caithness, the team and their qualifications, how it works, where it is, careers. */
export default function AboutPage() {
  return (
    <>
      <PageHeader title={copy.heading} lead={copy.intro} />
      <Section title={copy.storyHeading} id="story" width="medium">
        <Stack gap="4">
          {copy.story.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
        </Stack>
      </Section>
      <Section tone="muted" title={copy.teamHeading} id="team" intro={copy.teamIntro}>
        <Stack gap="6">
          <TeamGrid members={team} />
          {companyAccreditations.map((c) => (
            <Card key={c.name} title={`${copy.accreditationsHeading}: ${c.name}`} elevation="flat">
              <Text>
                {c.meaning} Awarded by {c.issuer}.
              </Text>
            </Card>
          ))}
        </Stack>
      </Section>
      <Section title={copy.howWeWorkHeading} id="how-we-work">
        <StepList steps={copy.howWeWork} />
      </Section>
      <Section tone="muted" title={copy.whereHeading} id="where" width="medium">
        <Stack gap="4">
          {copy.where.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          <Inline as="ul">
            {copy.whereLinks.map((l) => (
              <Text key={l.to} as="span" weight="semibold">
                <Link to={l.to}>{l.label}</Link>
              </Text>
            ))}
          </Inline>
        </Stack>
      </Section>
      <Section title={copy.careersHeading} id="careers" width="medium">
        <Stack gap="4">
          {copy.careers.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          <Text weight="semibold">
            <Link to={copy.careersLink.to}>{copy.careersLink.label}</Link>
          </Text>
        </Stack>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
