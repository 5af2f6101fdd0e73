import type { ReactNode } from 'react';
import { Alert, Badge, Button, ButtonLink, Card } from '@pentland/ui';
import * as css from './SubscriptionPanel.css.ts';

/** Where a subscription stands, as @pentland/premium's describeSubscription words it, plus loading and free. */
export type SubscriptionPanelState =
  'loading' | 'free' | 'renews' | 'ends' | 'past_due' | 'ended' | 'pending';

export interface SubscriptionPanelProps {
  state: SubscriptionPanelState;
  /** 'Premium Monthly'; ignored for loading and free. */
  planName?: string;
  /** 'Renews on 23 December 2026', 'Ends on …', 'Your last payment failed…'. */
  detail?: string;
  /** Opens the subscription's management (Stripe's customer portal): change card, cancel at the period end, resume. */
  onManage?: () => void;
  /** True while the management page is being opened. */
  managing?: boolean;
  /** Why opening the management failed. */
  error?: string;
  /** Where the plans are (/pricing). */
  pricingPath?: string;
  /** The panel's heading level (2). */
  titleAs?: 'h2' | 'h3';
  /** More below the panel's text, e.g. what premium unlocks. */
  children?: ReactNode;
}

const badges: Record<
  Exclude<SubscriptionPanelState, 'loading'>,
  { label: string; tone: 'positive' | 'neutral' | 'critical' | 'brand' }
> = {
  free: { label: 'Free', tone: 'neutral' },
  renews: { label: 'Premium', tone: 'positive' },
  ends: { label: 'Premium', tone: 'positive' },
  past_due: { label: 'Payment failed', tone: 'critical' },
  ended: { label: 'Ended', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'brand' },
};

const manageLabel: Partial<Record<SubscriptionPanelState, string>> = {
  renews: 'Manage or cancel',
  ends: 'Resume or manage',
  past_due: 'Update payment details',
};

/** The signed-in user's plan: Free or Premium, the renewal or end date, and the way to manage it. */
export function SubscriptionPanel({
  state,
  planName,
  detail,
  onManage,
  managing = false,
  error,
  pricingPath = '/pricing',
  titleAs: Title = 'h2',
  children,
}: SubscriptionPanelProps) {
  if (state === 'loading') {
    return (
      <Card aria-busy="true" aria-live="polite">
        <div className={css.panel}>
          <Title className={css.heading}>Your plan</Title>
          <p className={css.detail}>Checking your subscription…</p>
        </div>
      </Card>
    );
  }
  const badge = badges[state];
  const label = manageLabel[state];
  const showUpgrade = state === 'free' || state === 'ended';
  return (
    <Card aria-live="polite">
      <section className={css.panel} aria-label="Your plan">
        <Title className={css.heading}>
          <span>{state === 'free' ? 'Free plan' : (planName ?? 'Premium')}</span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </Title>
        <p className={css.detail} data-subscription-detail>
          {state === 'free'
            ? 'Upgrade to Premium for unlimited AI generations, full analytics history and every poster template.'
            : detail}
        </p>
        {children}
        {error && <Alert tone="error">{error}</Alert>}
        {(label || showUpgrade) && (
          <div className={css.actions}>
            {label && onManage && (
              <Button
                variant={state === 'past_due' ? 'primary' : 'secondary'}
                busy={managing}
                onClick={onManage}
              >
                {managing ? 'Opening…' : label}
              </Button>
            )}
            {showUpgrade && (
              <ButtonLink to={pricingPath} variant="primary">
                {state === 'ended' ? 'Subscribe again' : 'Upgrade to Premium'}
              </ButtonLink>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
