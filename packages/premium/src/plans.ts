/**
 * The Premium membership plans. Every amount is an integer number of pence (GBP), formatted last, so the yearly
 * saving is exact. The Stripe price behind each plan is configured per deployment (`priceEnv`); the local
 * development checkout uses `devPriceId`.
 */
import { currency, formatPence } from '@pentland/site-data';

export type PlanId = 'monthly' | 'yearly';
export type Interval = 'month' | 'year';

export interface Plan {
  id: PlanId;
  name: string;
  interval: Interval;
  /** The price of one billing period in pence, VAT included. */
  pence: number;
  /** The environment variable that holds the plan's Stripe price id (`price_…`). */
  priceEnv: string;
  /** The price id of the local development checkout's catalogue. */
  devPriceId: string;
}

export const planIds: readonly PlanId[] = ['monthly', 'yearly'];

export const plans: Readonly<Record<PlanId, Plan>> = {
  monthly: {
    id: 'monthly',
    name: 'Premium Monthly',
    interval: 'month',
    pence: 999,
    priceEnv: 'STRIPE_PRICE_PREMIUM_MONTHLY',
    devPriceId: 'price_dev_premium_monthly',
  },
  yearly: {
    id: 'yearly',
    name: 'Premium Yearly',
    interval: 'year',
    pence: 9900,
    priceEnv: 'STRIPE_PRICE_PREMIUM_YEARLY',
    devPriceId: 'price_dev_premium_yearly',
  },
};

export { currency };

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** '£9.99 a month', '£99.00 a year'. */
export function planPriceLabel(plan: Plan): string {
  return `${formatPence(plan.pence)} a ${plan.interval}`;
}

export interface YearlySaving {
  /** Twelve monthly payments minus one yearly payment, in pence. */
  pence: number;
  /** The saving as a whole percentage of twelve monthly payments, rounded down (never overstated). */
  percent: number;
  /** 'Save £20.88 (17%) a year'. */
  label: string;
}

export function yearlySaving(monthly: Plan = plans.monthly, yearly: Plan = plans.yearly): YearlySaving {
  const twelve = monthly.pence * 12;
  const pence = Math.max(0, twelve - yearly.pence);
  const percent = twelve === 0 ? 0 : Math.floor((pence * 100) / twelve);
  return { pence, percent, label: `Save ${formatPence(pence)} (${percent}%) a year` };
}

/** The plan a Stripe price id stands for, under a deployment's price ids; null for any other price. */
export function planForPrice(
  priceId: string | null | undefined,
  priceIds: Readonly<Record<PlanId, string>>,
): PlanId | null {
  if (!priceId) return null;
  for (const id of planIds) if (priceIds[id] === priceId) return id;
  return null;
}
