// The premium functions as the site calls them: Stripe Checkout and the customer portal.
import type { PlanId } from '@pentland/premium';
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
