import { useCallback, useMemo, useState } from 'react';
import { usePremium } from '@pentland/auth-machine/react';
import { currentSubscription, describeSubscription } from '@pentland/premium';
import type { SubscriptionPanelProps } from '@pentland/screens';
import { goTo, openPortal } from './data.ts';

/**
 * The signed-in user's plan as SubscriptionPanel props, from user_subscription_status() (no premium on failure),
 * with the portal wired to return to `returnPath`.
 */
export function useSubscriptionPanel(
  returnPath: '/profile' | '/welcome' | '/dashboard',
): SubscriptionPanelProps & {
  hasPremium: boolean;
  refresh: () => void;
} {
  const premium = usePremium();
  const [managing, setManaging] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const onManage = useCallback(() => {
    setManaging(true);
    setError(undefined);
    void openPortal(returnPath).then((r) => {
      if (r.ok) goTo(r.url);
      else {
        setManaging(false);
        setError(r.message);
      }
    });
  }, [returnPath]);
  return useMemo(() => {
    const base = { hasPremium: premium.hasPremium, refresh: premium.refresh, onManage, managing, error };
    if (premium.loading) return { ...base, state: 'loading' as const };
    const sub = currentSubscription(premium.status.subscriptions, new Date());
    if (!sub) return { ...base, state: 'free' as const };
    const view = describeSubscription(sub, new Date());
    return { ...base, state: view.state, planName: view.planName, detail: view.detail };
  }, [premium, onManage, managing, error]);
}
