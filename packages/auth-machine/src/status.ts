import type { SubscriptionStatus } from './types.ts';

/** No premium, no subscriptions: the premium status when signed out or when the lookup fails: a failed lookup never grants premium. */
export const NO_PREMIUM: SubscriptionStatus = Object.freeze({
  has_premium: false,
  subscriptions: [] as unknown[],
});

/** Accepts only a well-formed answer of user_subscription_status; anything else counts as no premium. */
export function normalizeStatus(value: unknown): SubscriptionStatus {
  const candidate = value as Partial<SubscriptionStatus> | null;
  return {
    has_premium: candidate?.has_premium === true,
    subscriptions: Array.isArray(candidate?.subscriptions) ? candidate.subscriptions : [],
  };
}
