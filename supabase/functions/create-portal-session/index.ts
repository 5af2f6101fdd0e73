// POST /functions/v1/create-portal-session { returnPath?: '/profile' | '/welcome' | '/dashboard' }  (signed-in)
//   → 200 { url }: Stripe's customer portal for the caller's customer (change card, cancel at the period end,
//     resume), returning to the page they came from. 401 without a session, 404 when they never subscribed,
//     503 when payments are not configured, 502 when Stripe cannot be reached. Locally the development checkout
//     serves the portal (test mode).
import Stripe from 'stripe';
import { caller, HttpError, readJson, reply, serve } from '../_shared/http.ts';
import { customerOf } from '../_shared/premium.ts';
import { requireStripe, siteOrigin } from '../_shared/stripe.ts';

const returnPaths = ['/profile', '/welcome', '/dashboard'];

serve(async (req) => {
  const body = await readJson(req, 4 * 1024);
  const who = await caller(req);
  if (!who) throw new HttpError(401, 'Sign in to manage your subscription.');
  const returnPath = body.returnPath ?? '/profile';
  if (typeof returnPath !== 'string' || !returnPaths.includes(returnPath)) {
    throw new HttpError(400, 'Unknown page to return to.', { field: 'returnPath' });
  }
  const { stripe } = requireStripe();
  const customer = await customerOf(who.id);
  if (!customer) throw new HttpError(404, 'You have no subscription to manage yet.', { code: 'no_customer' });
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${siteOrigin(req)}${returnPath}`,
    });
    return reply({ url: session.url });
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      console.error('[create-portal-session] Stripe:', err.type, err.message);
      throw new HttpError(
        502,
        'Subscription management is unavailable right now; please try again in a few minutes.',
      );
    }
    throw err;
  }
});
