import { SubscriptionPanel } from '@pentland/screens';
import { useSubscriptionPanel } from '../../premium/useSubscriptionPanel.ts';

/** The plan: renewal or end, and Stripe's portal returning here. */
export function PlanSection() {
  const { hasPremium: _premium, refresh: _refreshPlan, ...subscription } = useSubscriptionPanel('/profile');
  return <SubscriptionPanel {...subscription} />;
}
