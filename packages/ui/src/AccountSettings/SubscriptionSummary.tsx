import { Badge } from '../Badge/Badge';
import { ButtonLink } from '../Button/Button';
import { Spinner } from '../Spinner/Spinner';
import * as css from './AccountSettings.css';
import { SettingsSection } from './SettingsSection';

export interface SubscriptionSummaryProps {
  /** From `user_subscription_status()` (no premium on any failure, spec §4). */
  plan: 'loading' | 'free' | 'premium';
  /** A line about the subscription (e.g. its renewal), when known. */
  detail?: string | null;
  pricingHref?: string;
}

/** The plan the account is on, with the way to pricing (upgrade or manage). */
export function SubscriptionSummary({ plan, detail, pricingHref = '/pricing' }: SubscriptionSummaryProps) {
  return (
    <SettingsSection title="Subscription">
      {plan === 'loading' ? (
        <Spinner size="small" label="Checking your plan..." showLabel />
      ) : (
        <>
          <p className={css.plan}>
            {plan === 'premium' ? (
              <>
                Premium <Badge tone="brand">Active</Badge>
              </>
            ) : (
              'Free plan'
            )}
          </p>
          <p className={css.muted}>
            {detail ??
              (plan === 'premium'
                ? 'You have every premium feature: all poster templates, full scan history and more.'
                : 'Premium adds every poster template, the full history of your poster scans and more.')}
          </p>
          <div className={css.actions}>
            <ButtonLink to={pricingHref} variant={plan === 'premium' ? 'secondary' : 'primary'}>
              {plan === 'premium' ? 'View plans' : 'See Premium plans'}
            </ButtonLink>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
