import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePremium, useSession } from '@pentland/auth-machine/react';
import {
  benefits,
  checkoutContent,
  currentSubscription,
  describeSubscription,
  isPlanId,
  planIds,
  plans,
  pricingContent,
  yearlySaving,
  type PlanId,
} from '@pentland/premium';
import { formatPence, services } from '@pentland/site-data';
import { Alert, CallToAction, Grid, PageHeader, Section, Table, Text } from '@pentland/ui';
import { PlanCards, type PlanCardItem } from '@pentland/screens';
import { SignInForm } from '../auth/SignInForm.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { hasStoredSession } from '../../lib/storedSession.ts';
import { goTo, startCheckout } from './data.ts';
import { ServiceCard } from '../services/ServiceCard.tsx';

const saving = yearlySaving();
const planCards: PlanCardItem[] = planIds.map((id) => ({
  id,
  name: plans[id].name,
  price: formatPence(plans[id].pence),
  per: `a ${plans[id].interval}`,
  ...(id === 'yearly' ? { note: saving.label, featured: true } : {}),
}));

const compareColumns = [
  { key: 'title', header: 'Tool' },
  { key: 'free', header: 'Free' },
  { key: 'premium', header: 'Premium' },
];

/**
 * /pricing (prerendered), for a business buyer first: every service's price and the package builder, then the
 * Premium membership for the signed-in tools as its own section (the free account's card beside the plans, with
 * their Upgrade buttons) and Free and Premium compared. Upgrade opens Stripe Checkout; signed out, it asks for sign-in first and then opens the
 * checkout straight away. `?checkout=cancelled` is where the checkout's cancel link returns. A signed-in visitor is
 * offered no upgrade until their plan is known: a Premium member sees their plan, never an Upgrade button.
 */
export default function PricingPage() {
  const { user, loading: sessionLoading } = useSession();
  const premium = usePremium();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [signInFor, setSignInFor] = useState<PlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signInRef = useRef<HTMLDivElement>(null);

  const sub = premium.hasPremium ? currentSubscription(premium.status.subscriptions, new Date()) : null;
  const current = premium.hasPremium
    ? {
        label: `You have ${sub ? describeSubscription(sub, new Date()).planName : 'Premium'}`,
        managePath: '/welcome',
      }
    : null;

  const opening = busyPlan ?? (signInFor && user ? signInFor : null);
  // The served HTML offers the plans to everyone; once the app runs, a signed-in visitor's plan is checked first
  // (while their stored session is read, then while the status loads).
  const checking =
    !opening && hydrated && (user ? premium.loading : sessionLoading && hasStoredSession())
      ? pricingContent.checkingPlan
      : null;

  const checkout = (plan: PlanId) => {
    setBusyPlan(plan);
    setError(null);
    void startCheckout(plan).then((r) => {
      if (r.ok) return goTo(r.url);
      setBusyPlan(null);
      if (r.code === 'already_premium') premium.refresh();
      setError(r.message);
    });
  };

  const choose = (id: string) => {
    if (!isPlanId(id)) return;
    if (user) checkout(id);
    else setSignInFor(id);
  };

  useEffect(() => {
    if (signInFor && !user) signInRef.current?.scrollIntoView({ block: 'start' });
  }, [signInFor, user]);

  // Signed in from the form below: straight on to the checkout of the plan they chose (once).
  const continued = useRef(false);
  useEffect(() => {
    if (!signInFor || !user || continued.current) return;
    continued.current = true;
    void startCheckout(signInFor).then((r) => {
      if (r.ok) return goTo(r.url);
      continued.current = false;
      setSignInFor(null);
      setError(r.message);
    });
  }, [signInFor, user]);

  return (
    <>
      <PageHeader title={pricingContent.heading} lead={pricingContent.intro} />
      <Section title={pricingContent.servicesHeading} intro={pricingContent.servicesNote} id="services">
        <Grid>
          {services.map((service) => (
            <ServiceCard key={service.slug} service={service} titleAs="h3" />
          ))}
        </Grid>
      </Section>
      <CallToAction
        id="package-builder"
        tone="muted"
        title={pricingContent.packageHeading}
        text={pricingContent.packageText}
        action={pricingContent.packageAction}
      />
      <Section title={pricingContent.premiumHeading} intro={pricingContent.premiumIntro} id="premium">
        {hydrated && params.get('checkout') === 'cancelled' && !error && (
          <Alert tone="info">{checkoutContent.cancelled}</Alert>
        )}
        <PlanCards
          plans={planCards}
          freePlan={{
            name: pricingContent.freePlan.name,
            price: pricingContent.freePlan.price,
            per: pricingContent.freePlan.per,
            features: pricingContent.freePlan.features,
            ...(user ? {} : { action: pricingContent.freePlan.action }),
          }}
          features={pricingContent.premiumFeatures}
          onChoose={choose}
          busyPlan={opening}
          current={current}
          checking={checking}
          error={error}
        />
      </Section>
      {signInFor && !user && (
        <Section tone="muted" width="narrow" title={checkoutContent.signInHeading} id="sign-in">
          <div ref={signInRef}>
            <Text tone="muted">{checkoutContent.signInText}</Text>
            {/* The checkout starts once the session is there (above); no move to /welcome. */}
            <SignInForm headingLevel={2} onSuccess={() => undefined} />
          </div>
        </Section>
      )}
      <Section tone="muted" width="medium" title={pricingContent.compareHeading} id="compare">
        <Table caption="What Premium unlocks" columns={compareColumns} rows={benefits} rowKey={(b) => b.id} />
      </Section>
    </>
  );
}
