// Stripe for the premium functions: the official `stripe` package on Web-standard APIs only (fetch for requests,
// SubtleCrypto for webhook signatures), so the same code runs on Supabase Edge's Deno and in the local backend.
//
// Configuration (function secrets):
//   STRIPE_SECRET_KEY                 sk_live_… / sk_test_…
//   STRIPE_WEBHOOK_SECRET             whsec_… of the webhook endpoint
//   STRIPE_PRICE_PREMIUM_MONTHLY/YEARLY  the price ids of the two plans
//   STRIPE_API_URL                    optional; another Stripe API origin. The local backend sets it (with test
//                                     keys and prices) to its development checkout when none of the above is set.
import Stripe from 'stripe';
import { planIds, plans, type PlanId } from '@pentland/premium';
import { HttpError } from './http.ts';

export interface StripeSetup {
  stripe: Stripe;
  prices: Record<PlanId, string>;
  webhookSecret: string | null;
}

export const notConfiguredMessage =
  'Payments are not set up on this site yet. Please contact us to subscribe.';

function apiOrigin(value: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!value) return {};
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpError(500, notConfiguredMessage);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  // Card data and keys never travel in the clear, except to a development checkout on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new HttpError(500, notConfiguredMessage);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

/** Stripe as configured, or null when the deployment has no Stripe key and prices. */
export function stripeFromEnv(): StripeSetup | null {
  const key = Deno.env.get('STRIPE_SECRET_KEY');
  const prices = Object.fromEntries(
    planIds.map((id) => [id, Deno.env.get(plans[id].priceEnv) ?? '']),
  ) as Record<PlanId, string>;
  if (!key || planIds.some((id) => !prices[id])) return null;
  const stripe = new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...apiOrigin(Deno.env.get('STRIPE_API_URL')),
  });
  return { stripe, prices, webhookSecret: Deno.env.get('STRIPE_WEBHOOK_SECRET') ?? null };
}

export function requireStripe(): StripeSetup {
  const setup = stripeFromEnv();
  if (!setup) throw new HttpError(503, notConfiguredMessage);
  return setup;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The site to send the buyer back to: the request's Origin when it is one of the site's URLs, else SITE_URL. */
export function siteOrigin(req: Request): string {
  const configured = Deno.env.get('SITE_URL');
  const origin = req.headers.get('origin');
  const allowed = (Deno.env.get('ADDITIONAL_SITE_URLS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (origin && (origin === configured || allowed.includes(origin))) return origin;
  if (configured) return configured.replace(/\/$/, '');
  throw new HttpError(500, 'The function is not configured');
}
