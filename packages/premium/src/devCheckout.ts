/**
 * The development checkout selling Premium (Node only, not part of the browser's or the functions' entry): the
 * plans in the form @pentland/dev-checkout takes them. `npm start` and the tests run it beside the local backend,
 * and hand its `env` to the functions.
 */
import { startDevStripe, type DevStripe, type DevStripeOptions } from '@pentland/dev-checkout';
import { planIds, planPriceLabel, plans } from './plans.ts';

export type { DevStripe } from '@pentland/dev-checkout';

export function startPremiumCheckout(options: Omit<DevStripeOptions, 'plans'>): Promise<DevStripe> {
  return startDevStripe({
    ...options,
    plans: planIds.map((id) => {
      const plan = plans[id];
      return {
        priceId: plan.devPriceId,
        priceEnv: plan.priceEnv,
        name: plan.name,
        interval: plan.interval,
        amount: plan.pence,
        currency: 'gbp',
        priceLabel: planPriceLabel(plan),
      };
    }),
  });
}
