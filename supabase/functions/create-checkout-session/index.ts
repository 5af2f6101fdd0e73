// POST /functions/v1/create-checkout-session { plan: 'monthly' | 'yearly' }   (signed-in users)
//   → 200 { url }: a Stripe Checkout session for the plan, paid as the caller's Stripe customer (created on the
//     first checkout and linked in public.stripe_customers), returning to /welcome?checkout=success or /pricing?checkout=cancelled.
//   → 401 without a session, 400 for an unknown plan, 409 { code: 'already_premium' } when the caller already has
//     premium (they manage it instead), 503 when payments are not configured, 502 when Stripe cannot be reached.
// With STRIPE_SECRET_KEY and the price ids configured it talks to Stripe; the local backend configures its
// development checkout (test mode) the same way when they are not set, so one code path serves both.
import Stripe from 'stripe';
import { checkoutDecision, isPlanId, plans } from '@pentland/premium';
import { caller, HttpError, readJson, reply, serve } from '../_shared/http.ts';
import { callerHasPremium, customerOf, linkCustomer } from '../_shared/premium.ts';
import { requireStripe, siteOrigin } from '../_shared/stripe.ts';

const stripeUnavailable = 'Payments are unavailable right now; please try again in a few minutes.';

serve(async (req) => {
  const body = await readJson(req, 4 * 1024);
  const who = await caller(req);
  if (!who) throw new HttpError(401, 'Sign in to subscribe to Premium.');
  const plan = body.plan;
  if (!isPlanId(plan)) throw new HttpError(400, 'Choose the monthly or the yearly plan.', { field: 'plan' });
  if (checkoutDecision(await callerHasPremium(who)) === 'manage') {
    throw new HttpError(409, 'You already have Premium: manage your subscription from your profile.', {
      code: 'already_premium',
    });
  }
  const { stripe, prices } = requireStripe();
  const site = siteOrigin(req);
  try {
    let customer = await customerOf(who.id);
    if (!customer) {
      const created = await stripe.customers.create(
        { email: who.email ?? undefined, metadata: { supabase_user_id: who.id } },
        { idempotencyKey: `customer-${who.id}` },
      );
      customer = await linkCustomer(who.id, created.id);
    }
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: who.id,
      line_items: [{ price: prices[plan], quantity: 1 }],
      success_url: `${site}/welcome?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/pricing?checkout=cancelled`,
      metadata: { supabase_user_id: who.id, plan },
      subscription_data: { metadata: { supabase_user_id: who.id, plan } },
    });
    if (!session.url) throw new Error('Stripe returned a session without a URL');
    return reply({ url: session.url, plan: plans[plan].id });
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      console.error('[create-checkout-session] Stripe:', err.type, err.message);
      throw new HttpError(502, stripeUnavailable);
    }
    throw err;
  }
});
