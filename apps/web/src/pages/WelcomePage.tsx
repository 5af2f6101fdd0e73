import { dashboardTools, premiumStatusText, upgradeLink, welcomeGreeting } from '@pentland/site-data';
import { usePremium, useSession } from '@pentland/auth-machine/react';
import { Badge, ButtonLink, Card, Link, Section } from '@pentland/ui';
import * as css from './pages.css';

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
      <Section tone="inverse">
        <div className={css.stack}>
          <h1 className={css.heroTitle}>{welcomeGreeting(displayName)}</h1>
          <p className={css.heroText}>Signed in as {email}</p>
        </div>
      </Section>
      <Section>
        <div className={css.stackWide}>
          <Card title="Your plan" titleAs="h2" aria-live="polite" aria-busy={premium.loading || undefined}>
            <p className={css.planLine}>
              <Badge tone={premium.hasPremium ? 'positive' : 'neutral'}>
                {premium.hasPremium ? 'Premium' : 'Free'}
              </Badge>
              <span data-premium-status>{status}</span>
            </p>
            {!premium.loading && !premium.hasPremium && (
              <ButtonLink to={upgradeLink.to} variant="primary">
                {upgradeLink.label}
              </ButtonLink>
            )}
          </Card>
          <h2>Your tools</h2>
          <ul className={css.cardGrid}>
            {dashboardTools.map((tool) => (
              <li key={tool.to}>
                <Card className={css.cardFill} titleAs="h3" title={<Link to={tool.to}>{tool.label}</Link>}>
                  <p className={css.muted}>{tool.description}</p>
                  {tool.premium && (
                    <p>
                      <Badge tone="brand">Premium</Badge>
                    </p>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </Section>
    </>
  );
}
