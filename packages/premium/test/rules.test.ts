import { describe, expect, it } from 'vitest';
import { defaultMonthlyQuota } from '@pentland/articles';
import {
  benefits,
  checkoutDecision,
  currentSubscription,
  describeSubscription,
  eventDecision,
  freeLimits,
  grantsPremium,
  isPlanId,
  planForPrice,
  planPriceLabel,
  plans,
  statusFromStripe,
  upgradePrompts,
  yearlySaving,
  type SubscriptionSummary,
} from '../src/index.ts';
import { orderingCases } from './ordering-cases.ts';

const now = new Date('2026-11-23T12:00:00Z');
const later = '2026-12-23T12:00:00Z';
const earlier = '2026-11-01T12:00:00Z';
const sub = (over: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  id: 'a',
  plan: 'monthly',
  status: 'active',
  current_period_end: later,
  cancel_at_period_end: false,
  ...over,
});

describe('plans and prices', () => {
  it('prices are whole pence and labelled in GBP', () => {
    for (const plan of Object.values(plans)) expect(Number.isInteger(plan.pence)).toBe(true);
    expect(planPriceLabel(plans.monthly)).toBe('£9.99 a month');
    expect(planPriceLabel(plans.yearly)).toBe('£99.00 a year');
  });

  it('the yearly saving is twelve months minus a year, in pence, and its percentage is rounded down', () => {
    expect(yearlySaving()).toEqual({ pence: 2088, percent: 17, label: 'Save £20.88 (17%) a year' });
    expect(yearlySaving({ ...plans.monthly, pence: 1000 }, { ...plans.yearly, pence: 10000 })).toMatchObject({
      pence: 2000,
      percent: 16,
    });
    expect(yearlySaving({ ...plans.monthly, pence: 500 }, { ...plans.yearly, pence: 9000 }).pence).toBe(0);
  });

  it('maps a deployment price id back to its plan, and nothing else', () => {
    const ids = { monthly: 'price_m', yearly: 'price_y' };
    expect(planForPrice('price_y', ids)).toBe('yearly');
    expect(planForPrice('price_other', ids)).toBeNull();
    expect(planForPrice(undefined, ids)).toBeNull();
    expect(isPlanId('monthly')).toBe(true);
    expect(isPlanId('lifetime')).toBe(false);
  });
});

describe('what premium unlocks', () => {
  it('the free quota is the one the article generator enforces', () => {
    expect(freeLimits.articleGenerationsPerMonth).toBe(defaultMonthlyQuota);
  });

  it('every benefit has its upgrade prompt naming the limit', () => {
    for (const b of benefits) expect(upgradePrompts[b.id]).toMatch(/Upgrade/);
    expect(upgradePrompts['analytics-history']).toContain('30 days');
  });
});

describe('statuses', () => {
  it('maps Stripe statuses, storing incomplete_expired as expired and refusing unknown ones', () => {
    expect(statusFromStripe('active')).toBe('active');
    expect(statusFromStripe('incomplete_expired')).toBe('expired');
    expect(statusFromStripe('unpaid')).toBe('unpaid');
    expect(statusFromStripe('gold')).toBeNull();
  });

  it('grants premium only to active or trialing subscriptions whose period has not ended', () => {
    expect(grantsPremium(sub(), now)).toBe(true);
    expect(grantsPremium(sub({ status: 'trialing' }), now)).toBe(true);
    expect(grantsPremium(sub({ current_period_end: null }), now)).toBe(true);
    expect(grantsPremium(sub({ current_period_end: earlier }), now)).toBe(false);
    expect(grantsPremium(sub({ current_period_end: now.toISOString() }), now)).toBe(false);
    for (const status of ['past_due', 'canceled', 'expired', 'incomplete', 'unpaid', 'paused'] as const)
      expect(grantsPremium(sub({ status }), now)).toBe(false);
  });
});

describe('event ordering', () => {
  it.each(orderingCases)('$name', ({ current, incoming, expected }) => {
    expect(eventDecision(current, incoming)).toBe(expected);
  });
});

describe('how a subscription reads', () => {
  it('renews, with the date in the UK', () => {
    expect(describeSubscription(sub(), now)).toMatchObject({
      state: 'renews',
      planName: 'Premium Monthly',
      detail: 'Renews on 23 December 2026',
      premium: true,
      canCancel: true,
      canResume: false,
    });
  });

  it('ends at the period end once cancelled, and can be resumed until then', () => {
    expect(describeSubscription(sub({ cancel_at_period_end: true, plan: 'yearly' }), now)).toMatchObject({
      state: 'ends',
      planName: 'Premium Yearly',
      detail: 'Ends on 23 December 2026',
      canCancel: false,
      canResume: true,
    });
  });

  it('past due, ended and pending', () => {
    expect(describeSubscription(sub({ status: 'past_due' }), now)).toMatchObject({
      state: 'past_due',
      premium: false,
    });
    expect(describeSubscription(sub({ current_period_end: earlier }), now)).toMatchObject({
      state: 'ended',
      detail: 'Ended on 1 November 2026',
      premium: false,
    });
    expect(describeSubscription(sub({ status: 'incomplete' }), now).state).toBe('pending');
    expect(describeSubscription(sub({ plan: 'premium' }), now).planName).toBe('Premium');
  });

  it('picks the subscription that grants premium, else the newest live one, skipping malformed items', () => {
    const ended = sub({ id: 'old', status: 'canceled', current_period_end: earlier });
    const live = sub({ id: 'live' });
    expect(currentSubscription([ended, live], now)?.id).toBe('live');
    expect(currentSubscription([{ id: 1 }, ended], now)?.id).toBe('old');
    expect(currentSubscription([sub({ id: 'pd', status: 'past_due' }), ended], now)?.id).toBe('pd');
    expect(currentSubscription([], now)).toBeNull();
  });

  it('sends someone who already has premium to management instead of a second checkout', () => {
    expect(checkoutDecision(true)).toBe('manage');
    expect(checkoutDecision(false)).toBe('checkout');
  });
});
