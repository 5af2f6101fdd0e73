import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dashboardTools, welcomeGreeting } from '@pentland/site-data';
import { checkoutContent } from '@pentland/premium';
import { useSession } from '@pentland/auth-machine/react';
import { Alert, Badge, Card, Grid, Link, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { SubscriptionPanel } from '@pentland/screens';
import { useHydrated } from '../../lib/hydrated.ts';
import { useSubscriptionPanel } from '../premium/useSubscriptionPanel.ts';

const pollMs = 1500;
const giveUpMs = 30_000;

/**
 * /welcome, the dashboard home: a greeting by display name, the plan (with its management) and the signed-in
 * tools. Stripe Checkout returns here with `?checkout=success`; the webhook, not this page, grants Premium, so the
 * page asks user_subscription_status() again until it says so.
 */
export default function WelcomePage() {
  const { displayName, email } = useSession();
  const { hasPremium, refresh, ...panel } = useSubscriptionPanel('/welcome');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const returned = hydrated && params.get('checkout') === 'success';
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    if (!returned || hasPremium || waited >= giveUpMs) return;
    const timer = setTimeout(() => {
      refresh();
      setWaited((w) => w + pollMs);
    }, pollMs);
    return () => clearTimeout(timer);
  }, [returned, hasPremium, waited, refresh]);

  return (
    <>
      <PageHeader title={welcomeGreeting(displayName)} lead={`Signed in as ${email}`} />
      <Section>
        <Stack gap="5">
          {returned &&
            (hasPremium ? (
              <Alert tone="success" title={checkoutContent.successTitle}>
                {checkoutContent.successText}
              </Alert>
            ) : (
              <Alert tone="info">
                {waited >= giveUpMs ? checkoutContent.delayed : checkoutContent.confirming}
              </Alert>
            ))}
          <div data-premium-status={panel.state}>
            <SubscriptionPanel {...panel} />
          </div>
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
