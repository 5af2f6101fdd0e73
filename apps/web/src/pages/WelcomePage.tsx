import { dashboardTools, premiumStatusText, upgradeLink, welcomeGreeting } from '@pentland/site-data';
import { usePremium, useSession } from '@pentland/auth-machine/react';
import { Badge, ButtonLink, Card, Grid, Inline, Link, PageHeader, Section, Stack, Text } from '@pentland/ui';

/** /welcome, the dashboard home: a greeting by display name, the premium status and the signed-in tools. */
export default function WelcomePage() {
  const { displayName, email } = useSession();
  const premium = usePremium();
  const status = premium.loading
    ? premiumStatusText.loading
    : premium.hasPremium
      ? premiumStatusText.premium
      : premiumStatusText.free;
  return (
    <>
      <PageHeader title={welcomeGreeting(displayName)} lead={`Signed in as ${email}`} />
      <Section>
        <Stack gap="5">
          <Card title="Your plan" titleAs="h2" aria-live="polite" aria-busy={premium.loading || undefined}>
            <Inline as="p">
              <Badge tone={premium.hasPremium ? 'positive' : 'neutral'}>
                {premium.hasPremium ? 'Premium' : 'Free'}
              </Badge>
              <span data-premium-status>{status}</span>
            </Inline>
            {!premium.loading && !premium.hasPremium && (
              <ButtonLink to={upgradeLink.to} variant="primary">
                {upgradeLink.label}
              </ButtonLink>
            )}
          </Card>
          <h2>Your tools</h2>
          <Grid>
            {dashboardTools.map((tool) => (
              <Card key={tool.to} titleAs="h3" title={<Link to={tool.to}>{tool.label}</Link>}>
                <Text tone="muted">{tool.description}</Text>
                {tool.premium && (
                  <p>
                    <Badge tone="brand">Premium</Badge>
                  </p>
                )}
              </Card>
            ))}
          </Grid>
        </Stack>
      </Section>
    </>
  );
}
