// POST /functions/v1/stripe-webhook   (called by Stripe; no JWT — config.toml sets verify_jwt = false)
// Verifies the Stripe-Signature header with the `stripe` package (asynchronously, with SubtleCrypto, as Supabase
// Edge's Deno needs) against STRIPE_WEBHOOK_SECRET with Stripe's default tolerance of 300 s: a missing, bad or
// stale signature → 400 and nothing written. Then applies the event through
// public.apply_stripe_subscription_event(), which records the event id (a repeat changes nothing), finds the user
// by the Stripe customer (unknown: logged, 200, nothing written) and never moves a subscription backwards.
// Handled: checkout.session.completed, customer.subscription.created/updated/deleted, invoice.payment_failed
// (→ past_due). Other types are acknowledged and ignored.
import Stripe from 'stripe';
import { planForPrice, statusFromStripe, type PlanId } from '@pentland/premium';
import { HttpError, reply, rest, serve } from '../_shared/http.ts';
import { cryptoProvider, stripeFromEnv } from '../_shared/stripe.ts';

const maxBody = 512 * 1024;

interface Change {
  customer: string;
  subscription: string;
  status: string;
  plan: string | null;
  price: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean | null;
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

function fromSubscription(sub: Stripe.Subscription, prices: Record<PlanId, string>): Change | null {
  const status = statusFromStripe(sub.status);
  const customer = idOf(sub.customer);
  if (!status || !customer) return null;
  const item = sub.items?.data?.[0];
  const price = item?.price?.id ?? null;
  return {
    customer,
    subscription: sub.id,
    status,
    plan: planForPrice(price, prices) ?? 'premium',
    price,
    periodStart: iso(item?.current_period_start),
    periodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

async function apply(event: Stripe.Event, change: Change): Promise<string> {
  const { data, error } = await rest<string>('rpc/apply_stripe_subscription_event', {
    method: 'POST',
    body: {
      p_event_id: event.id,
      p_event_type: event.type,
      p_event_created: new Date(event.created * 1000).toISOString(),
      p_customer: change.customer,
      p_subscription: change.subscription,
      p_status: change.status,
      p_plan: change.plan,
      p_price: change.price,
      p_period_start: change.periodStart,
      p_period_end: change.periodEnd,
      p_cancel_at_period_end: change.cancelAtPeriodEnd,
    },
  });
  // A database failure is a 500, so Stripe delivers the event again later.
  if (error)
    throw new Error(`apply_stripe_subscription_event failed: ${error.status} ${error.message ?? ''}`);
  return data ?? 'applied';
}

serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
  const setup = stripeFromEnv();
  if (!setup?.webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured');
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  const payload = await req.text();
  if (payload.length > maxBody) throw new HttpError(413, 'The request is too large');

  let event: Stripe.Event;
  try {
    event = await setup.stripe.webhooks.constructEventAsync(
      payload,
      signature,
      setup.webhookSecret,
      300,
      cryptoProvider,
    );
  } catch (err) {
    console.warn('[stripe-webhook] refused:', err instanceof Error ? err.message : err);
    throw new HttpError(400, 'Invalid Stripe signature');
  }

  let change: Change | null = null;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscription = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscription) break;
      // The session names the subscription; its current state comes from Stripe.
      change = fromSubscription(await setup.stripe.subscriptions.retrieve(subscription), setup.prices);
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      change = fromSubscription(event.data.object, setup.prices);
      break;
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = idOf(invoice.parent?.subscription_details?.subscription);
      const customer = idOf(invoice.customer);
      if (!subscription || !customer) break;
      change = {
        customer,
        subscription,
        status: 'past_due',
        plan: null,
        price: null,
        periodStart: null,
        periodEnd: null,
        cancelAtPeriodEnd: null,
      };
      break;
    }
    default:
      return reply({ received: true, ignored: event.type });
  }
  if (!change) return reply({ received: true, ignored: event.type });
  const outcome = await apply(event, change);
  if (outcome === 'unknown_customer') {
    console.warn(
      `[stripe-webhook] ${event.id} (${event.type}) names unknown customer ${change.customer}; nothing written`,
    );
  }
  return reply({ received: true, outcome });
});
