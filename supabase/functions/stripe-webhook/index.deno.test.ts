// Runs under Deno: the stripe-webhook and create-checkout-session handlers as Supabase Edge loads them, for the
// answers that need no database (the database paths are tested through the local backend in webhook.test.ts beside it).
import Stripe from 'stripe';
import { plans } from '@pentland/premium';
import { loadHandler } from '../_shared/serveCapture.ts';
import { cryptoProvider } from '../_shared/stripe.ts';

const secret = 'whsec_deno_handler';
for (const [k, v] of Object.entries({
  STRIPE_SECRET_KEY: 'sk_test_deno',
  STRIPE_WEBHOOK_SECRET: secret,
  [plans.monthly.priceEnv]: 'price_m',
  [plans.yearly.priceEnv]: 'price_y',
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
}))
  Deno.env.set(k, v);

const webhook = await loadHandler(new URL('./index.ts', import.meta.url));
const checkout = await loadHandler(new URL('../create-checkout-session/index.ts', import.meta.url));

function assertEquals(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('http://edge.test/stripe-webhook', { method: 'POST', body, headers });

Deno.test('stripe-webhook: missing or bad signature → 400', async () => {
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: {} },
  });
  const missing = await webhook(post(body));
  assertEquals(
    [missing.status, await missing.json()],
    [400, { error: 'Missing Stripe-Signature header' }],
    'missing',
  );
  const bad = await webhook(post(body, { 'stripe-signature': 't=1,v1=00' }));
  assertEquals([bad.status, await bad.json()], [400, { error: 'Invalid Stripe signature' }], 'bad');
});

Deno.test('stripe-webhook: a signed event of another type is acknowledged and ignored', async () => {
  const body = JSON.stringify({
    id: 'evt_2',
    object: 'event',
    type: 'charge.refunded',
    created: 1,
    data: { object: {} },
  });
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret,
    cryptoProvider,
  });
  const res = await webhook(post(body, { 'stripe-signature': header }));
  assertEquals(
    [res.status, await res.json()],
    [200, { received: true, ignored: 'charge.refunded' }],
    'ignored',
  );
});

Deno.test('stripe-webhook: GET is 405', async () => {
  const res = await webhook(new Request('http://edge.test/stripe-webhook'));
  assertEquals(res.status, 405, 'GET');
  await res.body?.cancel();
});

Deno.test('create-checkout-session: no session → 401, a body that is not JSON → 400', async () => {
  const res = await checkout(
    new Request('http://edge.test/c', { method: 'POST', body: '{"plan":"monthly"}' }),
  );
  assertEquals(
    [res.status, await res.json()],
    [401, { error: 'Sign in to subscribe to Premium.' }],
    'no session',
  );
  const bad = await checkout(new Request('http://edge.test/c', { method: 'POST', body: 'plan=monthly' }));
  assertEquals([bad.status, await bad.json()], [400, { error: 'The request body must be JSON' }], 'not JSON');
});
