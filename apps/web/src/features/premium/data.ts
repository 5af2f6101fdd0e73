// The premium functions as the site calls them, and the signed-in user's subscription as the panel shows it.
import { useCallback, useMemo, useState } from 'react';
import { usePremium } from '@pentland/auth-machine/react';
import { currentSubscription, describeSubscription, type PlanId } from '@pentland/premium';
import type { SubscriptionPanelProps } from '@pentland/ui';
import { loadSupabase } from '../../lib/supabase.ts';
import { offlineMessage } from '../../lib/forms.ts';

export type Redirect = { ok: true; url: string } | { ok: false; code?: string; message: string };

async function invokeForUrl(name: string, body: Record<string, unknown>): Promise<Redirect> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.functions.invoke(name, { body });
    if (!error && typeof (data as { url?: unknown })?.url === 'string')
      return { ok: true, url: (data as { url: string }).url };
    const res = (error as { context?: unknown } | null)?.context;
    if (res instanceof Response) {
      const payload = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
      return {
        ok: false,
        code: payload.code,
        message: payload.error ?? 'Something went wrong; please try again.',
      };
    }
    return { ok: false, message: offlineMessage };
  } catch {
    return { ok: false, message: offlineMessage };
  }
}

/** A Stripe Checkout session for the plan (create-checkout-session decides, as the signed-in caller). */
export const startCheckout = (plan: PlanId) => invokeForUrl('create-checkout-session', { plan });

/** The customer portal (create-portal-session), returning to the page it was opened from. */
export const openPortal = (returnPath: '/profile' | '/welcome' | '/dashboard') =>
  invokeForUrl('create-portal-session', { returnPath });

/** Leaves the site for Stripe (a full navigation, as Checkout and the portal need). */
export function goTo(url: string): void {
  window.location.assign(url);
}

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
