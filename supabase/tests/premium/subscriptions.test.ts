/**
 * The premium subscription's database rules and the development checkout on either engine (PGlite, or
 * PostgreSQL with BACKEND_ENGINE=postgres): apply_stripe_subscription_event() against the ordering table of
 * packages/premium, and one checkout paid with Stripe's test card through the functions and the signed webhook.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPremiumBackend } from '@pentland/functions/testing/premium';
import { anonClient, makeUser, serviceClient, type TestBackend } from '@pentland/local-supabase/testing';
import { orderingCases } from '@pentland/premium/testing';

let b: TestBackend;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ b, stop } = await startPremiumBackend());
});
afterAll(async () => {
  await stop?.();
});

async function linkedUser() {
  const user = await makeUser(b);
  const customer = `cus_engine${user.id.slice(0, 8)}`;
  await b.db.query('insert into public.stripe_customers (user_id, customer_id) values ($1, $2)', [
    user.id,
    customer,
  ]);
  return { ...user, customer };
}

const apply = async (id: string, customer: string, sub: string, status: string, at: number) =>
  (
    await b.db.query<{ outcome: string }>(
      `select public.apply_stripe_subscription_event($1, 'customer.subscription.updated', to_timestamp($2), $3, $4,
         $5, 'monthly', null, null, null, false) as outcome`,
      [id, at, customer, sub, status],
    )
  ).rows[0]!.outcome;

it('applies Stripe events by the ordering rule; a repeat and an unknown customer write nothing', async () => {
  const user = await linkedUser();
  let i = 0;
  for (const c of orderingCases) {
    const sub = `sub_engine${i++}`;
    if (c.current)
      await apply(`evt_engine${i}_current`, user.customer, sub, c.current.status, c.current.eventAt);
    const outcome = await apply(
      `evt_engine${i}_incoming`,
      user.customer,
      sub,
      c.incoming.status,
      c.incoming.eventAt,
    );
    expect(`${c.name}: ${outcome}`).toBe(`${c.name}: ${c.expected}`);
  }
  expect(await apply('evt_engine1_incoming', user.customer, 'sub_engine0', 'canceled', 2_000_000_000)).toBe(
    'duplicate',
  );
  expect(await apply('evt_engine_nobody', 'cus_nobody', 'sub_nobody', 'active', 1)).toBe('unknown_customer');
  const written = await b.db.query(`select 1 from public.stripe_events where id = 'evt_engine_nobody'`);
  expect(written.rows).toHaveLength(0);
});

it('a checkout paid with 4242… in the development checkout makes the user premium through the signed webhook', async () => {
  // A real session (the function asks Auth who the caller is).
  const email = `buyer${Date.now()}@example.test`;
  const created = await serviceClient(b).auth.admin.createUser({
    email,
    password: 'buyer-pass-1',
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  const client = anonClient(b);
  const { data: session, error } = await client.auth.signInWithPassword({ email, password: 'buyer-pass-1' });
  expect(error).toBeNull();
  const res = await fetch(`${b.url}/functions/v1/create-checkout-session`, {
    method: 'POST',
    headers: {
      apikey: b.anonKey,
      Authorization: `Bearer ${session.session!.access_token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ plan: 'yearly' }),
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', cardExpiry: '12/34', cardCvc: '123' }),
  });
  expect(paid.status).toBe(303);
  const { data } = await client.rpc('user_subscription_status');
  expect(data).toMatchObject({ has_premium: true, subscriptions: [{ plan: 'yearly', status: 'active' }] });
});
