/** A recurring price of the catalogue the checkout sells. */
export interface Plan {
  /** Stripe's price id (`price_…`) that Checkout sessions name. */
  priceId: string;
  /** The environment variable through which the functions learn the price id (e.g. STRIPE_PRICE_PREMIUM_MONTHLY). */
  priceEnv: string;
  name: string;
  interval: 'month' | 'year';
  /** The price of one period in the currency's minor unit (pence). */
  amount: number;
  currency: string;
  /** How the pages show the price, e.g. '£9.99 a month'. */
  priceLabel: string;
}
