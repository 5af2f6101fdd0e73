// Runs under Deno (`deno test`, as Supabase Edge runs the functions): Stripe's webhook verification on Deno's
// SubtleCrypto, and how the functions read their Stripe configuration.
import Stripe from 'stripe';
import { plans } from '@pentland/premium';
import { HttpError } from './http.ts';
import { cryptoProvider, stripeFromEnv } from './stripe.ts';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function rejects(fn: () => Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await fn();
  } catch (err) {
    assert(pattern.test(String((err as Error).message)), `unexpected error: ${(err as Error).message}`);
    return;
  }
  throw new Error(`expected a rejection matching ${pattern}`);
}

const secret = 'whsec_deno_test_secret';
const payload = JSON.stringify({ id: 'evt_deno_1', object: 'event', type: 'customer.subscription.updated' });
const verify = (body: string, header: string) =>
  Stripe.webhooks.constructEventAsync(body, header, secret, 300, cryptoProvider);

Deno.test('a signature made as Stripe makes it verifies with SubtleCrypto', async () => {
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  const event = await verify(payload, header);
  assert(event.id === 'evt_deno_1', 'the event is parsed');
});

Deno.test('a tampered body, a wrong secret and a stale timestamp are refused', async () => {
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  await rejects(() => verify(payload.replace('updated', 'deleted'), header), /No signatures found/);
  const wrong = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: 'whsec_other',
    cryptoProvider,
  });
  await rejects(() => verify(payload, wrong), /No signatures found/);
  const stale = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider,
    timestamp: Math.floor(Date.now() / 1000) - 301,
  });
  await rejects(() => verify(payload, stale), /tolerance/);
});

function withEnv(vars: Record<string, string | undefined>, fn: () => void): void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, Deno.env.get(k)]));
  const set = (entries: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(entries)) {
      if (v === undefined) Deno.env.delete(k);
      else Deno.env.set(k, v);
    }
  };
  set(vars);
  try {
    fn();
  } finally {
    set(before);
  }
}

const configured = {
  STRIPE_SECRET_KEY: 'sk_test_deno',
  STRIPE_WEBHOOK_SECRET: secret,
  [plans.monthly.priceEnv]: 'price_m',
  [plans.yearly.priceEnv]: 'price_y',
};

Deno.test('Stripe is configured only with a key and both prices', () => {
  withEnv({ ...configured, STRIPE_SECRET_KEY: undefined }, () =>
    assert(stripeFromEnv() === null, 'no key → null'),
  );
  withEnv({ ...configured, [plans.yearly.priceEnv]: undefined }, () =>
    assert(stripeFromEnv() === null, 'no price → null'),
  );
  withEnv({ ...configured, STRIPE_API_URL: undefined }, () => {
    const setup = stripeFromEnv();
    assert(setup?.prices.yearly === 'price_y' && setup.webhookSecret === secret, 'configured');
  });
});

Deno.test('another Stripe API origin must be https, or http on loopback (the development checkout)', () => {
  withEnv({ ...configured, STRIPE_API_URL: 'http://127.0.0.1:4242' }, () =>
    assert(stripeFromEnv(), 'loopback http'),
  );
  withEnv({ ...configured, STRIPE_API_URL: 'https://stripe.example.com' }, () =>
    assert(stripeFromEnv(), 'https'),
  );
  withEnv({ ...configured, STRIPE_API_URL: 'http://stripe.example.com' }, () => {
    let thrown: unknown = null;
    try {
      stripeFromEnv();
    } catch (err) {
      thrown = err;
    }
    assert(thrown instanceof HttpError && thrown.status === 500, 'plain http elsewhere is refused');
  });
});
