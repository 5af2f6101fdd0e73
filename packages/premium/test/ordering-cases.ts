/**
 * The event-ordering rule as a table of cases: the package's eventDecision and the database's
 * apply_stripe_subscription_event are both tested against it, so the two cannot drift apart.
 */
import type { AppliedEvent, EventDecision } from '../src/index.ts';

export interface OrderingCase {
  name: string;
  current: AppliedEvent | null;
  incoming: AppliedEvent;
  expected: EventDecision;
}

const t = 1_800_000_000;

export const orderingCases: readonly OrderingCase[] = [
  {
    name: 'a first event creates the row',
    current: null,
    incoming: { status: 'active', eventAt: t },
    expected: 'applied',
  },
  {
    name: 'a newer event moves the state on',
    current: { status: 'active', eventAt: t },
    incoming: { status: 'past_due', eventAt: t + 60 },
    expected: 'applied',
  },
  {
    name: 'a newer event may also bring a past_due subscription back to active',
    current: { status: 'past_due', eventAt: t },
    incoming: { status: 'active', eventAt: t + 60 },
    expected: 'applied',
  },
  {
    name: 'an older event never moves the state back',
    current: { status: 'active', eventAt: t + 60 },
    incoming: { status: 'incomplete', eventAt: t },
    expected: 'stale',
  },
  {
    name: 'an older event is ignored even when it names the same state',
    current: { status: 'active', eventAt: t + 60 },
    incoming: { status: 'active', eventAt: t },
    expected: 'stale',
  },
  {
    name: 'in the same second a state does not give way to an earlier one',
    current: { status: 'active', eventAt: t },
    incoming: { status: 'incomplete', eventAt: t },
    expected: 'stale',
  },
  {
    name: 'in the same second a later state applies',
    current: { status: 'incomplete', eventAt: t },
    incoming: { status: 'active', eventAt: t },
    expected: 'applied',
  },
  {
    name: 'the same state in the same second applies (cancel_at_period_end may have changed)',
    current: { status: 'active', eventAt: t },
    incoming: { status: 'active', eventAt: t },
    expected: 'applied',
  },
  {
    name: 'a canceled subscription is never reactivated',
    current: { status: 'canceled', eventAt: t },
    incoming: { status: 'active', eventAt: t + 3600 },
    expected: 'terminal',
  },
  {
    name: 'a payment failure after the cancellation changes nothing',
    current: { status: 'canceled', eventAt: t },
    incoming: { status: 'past_due', eventAt: t + 3600 },
    expected: 'terminal',
  },
  {
    name: 'an expired subscription stays expired',
    current: { status: 'expired', eventAt: t },
    incoming: { status: 'trialing', eventAt: t + 1 },
    expected: 'terminal',
  },
];
