// The caller's premium standing and Stripe customer, for the premium functions.
import { rest, type Caller } from './http.ts';

/**
 * user_subscription_status() asked as the caller (RLS decides). Any failure reads as no premium: a paid feature stays
 * locked when the subscription cannot be checked.
 */
export async function callerHasPremium(who: Caller): Promise<boolean> {
  try {
    const { data, error } = await rest<{ has_premium?: unknown }>('rpc/user_subscription_status', {
      method: 'POST',
      body: {},
      token: who.token,
    });
    return !error && data?.has_premium === true;
  } catch {
    return false;
  }
}

/** The Stripe customer linked to a user, if any (service role). */
export async function customerOf(userId: string): Promise<string | null> {
  const { data, error } = await rest<{ customer_id: string }[]>(
    `stripe_customers?select=customer_id&user_id=eq.${encodeURIComponent(userId)}`,
  );
  if (error) throw new Error(`stripe_customers read failed: ${error.status} ${error.message ?? ''}`);
  return data?.[0]?.customer_id ?? null;
}

/** Links a customer to a user unless one is linked already; returns the one that is linked. */
export async function linkCustomer(userId: string, customerId: string): Promise<string> {
  const { error } = await rest('stripe_customers?on_conflict=user_id', {
    method: 'POST',
    body: { user_id: userId, customer_id: customerId },
    prefer: 'resolution=ignore-duplicates,return=minimal',
  });
  if (error) throw new Error(`stripe_customers write failed: ${error.status} ${error.message ?? ''}`);
  return (await customerOf(userId)) ?? customerId;
}
