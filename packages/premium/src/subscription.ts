/**
 * Subscription states, the rule that decides which Stripe event may change a stored subscription, and how a
 * subscription reads to its owner. The database applies the same ordering rule atomically
 * (public.apply_stripe_subscription_event); test/ordering-cases.ts is the one table of cases both are tested by.
 */
import { isPlanId, plans, type PlanId } from './plans.ts';

/** The states a stored subscription can be in: Stripe's, with incomplete_expired stored as expired. */
export type SubscriptionStatus =
  'incomplete' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'paused' | 'canceled' | 'expired';

export const subscriptionStatuses: readonly SubscriptionStatus[] = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
  'expired',
];

/** A Stripe subscription status as stored; null for anything Stripe does not document. */
export function statusFromStripe(status: string): SubscriptionStatus | null {
  if (status === 'incomplete_expired') return 'expired';
  return (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : null;
}

/** Canceled and expired subscriptions never change again: Stripe starts a new subscription instead. */
export function isTerminal(status: SubscriptionStatus): boolean {
  return status === 'canceled' || status === 'expired';
}

/**
 * How far along its life a state is. Events that Stripe creates in the same second (created, updated and the
 * checkout's completion) can arrive in any order; among them a state never gives way to an earlier one.
 */
export const stateRank: Readonly<Record<SubscriptionStatus, number>> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 2,
  paused: 2,
  unpaid: 3,
  canceled: 4,
  expired: 4,
};

export interface AppliedEvent {
  status: SubscriptionStatus;
  /** The Stripe event's `created` (Unix seconds) of the last event applied to the row. */
  eventAt: number;
}

export type EventDecision = 'applied' | 'stale' | 'terminal';

/**
 * Whether an incoming event may change a stored subscription: an older event never does ('stale'); nothing moves
 * a canceled or expired subscription to another state ('terminal'); an event of the same second applies unless it
 * would move the state back (rank); a newer one applies.
 */
export function eventDecision(current: AppliedEvent | null, incoming: AppliedEvent): EventDecision {
  if (!current) return 'applied';
  if (incoming.eventAt < current.eventAt) return 'stale';
  if (isTerminal(current.status) && incoming.status !== current.status) return 'terminal';
  if (incoming.eventAt === current.eventAt && stateRank[incoming.status] < stateRank[current.status])
    return 'stale';
  return 'applied';
}

/** A subscription as user_subscription_status() lists it. */
export interface SubscriptionSummary {
  id: string;
  plan: string;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** Premium access: active or trialing, and the paid period has not ended. */
export function grantsPremium(
  sub: Pick<SubscriptionSummary, 'status' | 'current_period_end'>,
  now: Date,
): boolean {
  if (sub.status !== 'active' && sub.status !== 'trialing') return false;
  return sub.current_period_end === null || Date.parse(sub.current_period_end) > now.getTime();
}

function isSummary(value: unknown): value is SubscriptionSummary {
  const v = value as Partial<SubscriptionSummary> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.plan === 'string' &&
    typeof v.status === 'string' &&
    (subscriptionStatuses as readonly string[]).includes(v.status) &&
    (v.current_period_end === null || typeof v.current_period_end === 'string') &&
    typeof v.cancel_at_period_end === 'boolean'
  );
}

/**
 * The subscription to show from user_subscription_status()'s list (newest first): the one that grants premium,
 * else the newest that is not over, else the newest. Malformed items are skipped.
 */
export function currentSubscription(list: readonly unknown[], now: Date): SubscriptionSummary | null {
  const subs = list.filter(isSummary);
  return (
    subs.find((s) => grantsPremium(s, now)) ??
    subs.find((s) => !isTerminal(s.status) && s.status !== 'incomplete') ??
    subs[0] ??
    null
  );
}

export type PanelState = 'renews' | 'ends' | 'past_due' | 'ended' | 'pending';

export interface SubscriptionView {
  state: PanelState;
  plan: PlanId | null;
  /** 'Premium Monthly'; 'Premium' for a plan this site does not sell any more. */
  planName: string;
  /** 'Renews on 23 December 2026', 'Ends on …', 'Ended on …', 'Payment failed: …'. */
  detail: string;
  /** Premium access now. */
  premium: boolean;
  /** Whether the owner can cancel (at the period end) or resume. */
  canCancel: boolean;
  canResume: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '23 December 2026' in the company's time zone. */
export function formatSubscriptionDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** How a subscription reads to its owner, on the subscription panel, /welcome and the user menu. */
export function describeSubscription(sub: SubscriptionSummary, now: Date): SubscriptionView {
  const plan = isPlanId(sub.plan) ? sub.plan : null;
  const planName = plan ? plans[plan].name : 'Premium';
  const premium = grantsPremium(sub, now);
  const end = sub.current_period_end ? formatSubscriptionDate(sub.current_period_end) : null;
  const base = { plan, planName, premium, canCancel: false, canResume: false };
  if (premium) {
    if (sub.cancel_at_period_end) {
      return {
        ...base,
        state: 'ends',
        detail: end ? `Ends on ${end}` : 'Ends at the end of this period',
        canResume: true,
      };
    }
    return {
      ...base,
      state: 'renews',
      detail: end ? `Renews on ${end}` : 'Renews automatically',
      canCancel: true,
    };
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid') {
    return {
      ...base,
      state: 'past_due',
      detail: 'Your last payment failed. Update your payment details to keep Premium.',
      canCancel: true,
    };
  }
  if (sub.status === 'incomplete') {
    return { ...base, state: 'pending', detail: 'Waiting for the first payment to complete.' };
  }
  return { ...base, state: 'ended', detail: end ? `Ended on ${end}` : 'Ended' };
}

/** What a checkout request becomes: a new checkout, or the management page for someone who already has premium. */
export function checkoutDecision(hasPremium: boolean): 'checkout' | 'manage' {
  return hasPremium ? 'manage' : 'checkout';
}
