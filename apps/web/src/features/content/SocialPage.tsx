import { socialChannels, socialContent } from '@pentland/site-data';
import { Grid, PageHeader, Section, SummaryCard } from '@pentland/ui';

/** /social: the six channels as cards with what each is for. Plain links: nothing from the networks loads here. */
export default function SocialPage() {
  return (
    <>
      <PageHeader title={socialContent.heading} lead={socialContent.intro} />
      <Section>
        <Grid>
          {socialChannels.map((c) => (
            <SummaryCard
              key={c.network}
              title={c.label}
              titleAs="h2"
              highlight={c.handle}
              summary={c.purpose}
              link={{ to: c.href, label: c.action }}
            />
          ))}
        </Grid>
      </Section>
    </>
  );
}
