// stripe-webhook through the real local backend: the signature, repeats and late events, payment failures, the
// ordering rule in the database, and user_subscription_status() with RLS.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLimits, plans } from '@pentland/premium';
import { orderingCases } from '@pentland/premium/testing';
import { premiumStatus, startPremiumBackend, subscriptionsOf, type DevStripe } from '../_test/premium.ts';
import { signedIn, type TestBackend } from '../_test/testing.ts';

let b: TestBackend;
let checkout: DevStripe;
let stopAll: () => Promise<void>;
beforeAll(async () => {
  ({ b, checkout, stop: stopAll } = await startPremiumBackend());
});
afterAll(async () => {
  await stopAll?.();
});

const makeUser = () => signedIn(b);
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await b.db.query(text, params)).rows as T[];
const subsOf = (userId: string) => subscriptionsOf(b, userId);
const status = premiumStatus;

let n = 0;
/** A user with a Stripe customer linked (as create-checkout-session leaves it). */
async function userWithCustomer() {
  const user = await makeUser();
  const customer = `cus_test${Date.now()}${n++}`;
  await sql('insert into public.stripe_customers (user_id, customer_id) values ($1, $2)', [
    user.id,
    customer,
  ]);
  return { ...user, customer };
}

const t0 = Math.floor(Date.now() / 1000);
let evt = 0;

function subscriptionEvent(
  type: string,
  customer: string,
  subscription: string,
  over: { status?: string; created?: number; cancel?: boolean; price?: string; end?: number } = {},
) {
  const created = over.created ?? t0;
  return {
    id: `evt_test${Date.now()}x${evt++}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    type,
    data: {
      object: {
        id: subscription,
        object: 'subscription',
        customer,
        status: over.status ?? 'active',
        cancel_at_period_end: over.cancel ?? false,
        items: {
          object: 'list',
          data: [
            {
              id: 'si_test',
              object: 'subscription_item',
              price: { id: over.price ?? plans.yearly.devPriceId, object: 'price' },
              current_period_start: created,
              current_period_end: over.end ?? created + 365 * 86400,
            },
          ],
        },
      },
    },
  };
}

async function deliver(
  event: unknown,
  opts: { secret?: string; timestamp?: number; tamper?: boolean; header?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    opts.header === null
      ? undefined
      : (opts.header ??
        (await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: opts.secret ?? checkout.webhookSecret,
          timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
        })));
  const body = opts.tamper ? payload.replace('"active"', '"trialing"') : payload;
  const res = await fetch(`${b.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(header ? { 'Stripe-Signature': header } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('stripe-webhook', () => {
  it('a valid signature upserts; tampered body, wrong secret, stale or missing signature → 400 and nothing written', async () => {
    const user = await userWithCustomer();
    const event = subscriptionEvent('customer.subscription.created', user.customer, 'sub_sig');

    expect((await deliver(event, { tamper: true })).status).toBe(400);
    expect((await deliver(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect((await deliver(event, { header: null })).status).toBe(400);
    expect((await deliver(event, { header: 't=1,v1=deadbeef' })).status).toBe(400);
    expect(await subsOf(user.id)).toHaveLength(0);
    expect(await sql('select 1 from public.stripe_events where id = $1', [event.id])).toHaveLength(0);

    expect(await deliver(event)).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await subsOf(user.id)).toMatchObject([{ status: 'active', plan: 'yearly' }]);
    expect((await status(user.client)).has_premium).toBe(true);
  });

  it('the same event twice changes nothing the second time', async () => {
    const user = await userWithCustomer();
    const first = subscriptionEvent('customer.subscription.created', user.customer, 'sub_dup');
    await deliver(first);
    // Direct change after the first delivery: a replay must not undo it.
    await sql(
      `update public.subscriptions set cancel_at_period_end = true where provider_subscription_id = 'sub_dup'`,
    );
    expect(await deliver(first)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await subsOf(user.id)).toMatchObject([{ cancel_at_period_end: true }]);
  });

  it('an older event arriving late never moves the subscription backwards', async () => {
    const user = await userWithCustomer();
    const created = subscriptionEvent('customer.subscription.created', user.customer, 'sub_order', {
      created: t0,
    });
    const deleted = subscriptionEvent('customer.subscription.deleted', user.customer, 'sub_order', {
      status: 'canceled',
      created: t0 + 100,
    });
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect((await deliver(created)).body.outcome).toBe('stale');
    expect(await subsOf(user.id)).toMatchObject([{ status: 'canceled' }]);
    const revived = subscriptionEvent('customer.subscription.updated', user.customer, 'sub_order', {
      created: t0 + 200,
    });
    expect((await deliver(revived)).body.outcome).toBe('terminal');
    expect((await status(user.client)).has_premium).toBe(false);
  });

  it('invoice.payment_failed → past_due, and premium ends', async () => {
    const user = await userWithCustomer();
    await deliver(
      subscriptionEvent('customer.subscription.created', user.customer, 'sub_fail', { created: t0 }),
    );
    const failed = {
      id: `evt_fail${Date.now()}`,
      object: 'event',
      created: t0 + 50,
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_test',
          object: 'invoice',
          customer: user.customer,
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_fail' } },
        },
      },
    };
    expect((await deliver(failed)).body.outcome).toBe('applied');
    expect(await subsOf(user.id)).toMatchObject([{ status: 'past_due', plan: 'yearly' }]);
    expect((await status(user.client)).has_premium).toBe(false);
  });

  it('an unknown customer is acknowledged and nothing is written; an unknown type is acknowledged and ignored', async () => {
    const event = subscriptionEvent('customer.subscription.created', 'cus_nobody', 'sub_nobody');
    expect(await deliver(event)).toMatchObject({ status: 200, body: { outcome: 'unknown_customer' } });
    expect(
      await sql(`select 1 from public.subscriptions where provider_subscription_id = 'sub_nobody'`),
    ).toHaveLength(0);
    expect(await sql('select 1 from public.stripe_events where id = $1', [event.id])).toHaveLength(0);
    const other = { ...event, id: 'evt_other1', type: 'charge.refunded' };
    expect(await deliver(other)).toMatchObject({
      status: 200,
      body: { received: true, ignored: 'charge.refunded' },
    });
  });

  it('the database applies the same ordering rule as the package (every case of the table)', async () => {
    const user = await userWithCustomer();
    let i = 0;
    for (const c of orderingCases) {
      const sub = `sub_case${i++}`;
      const call = (which: string, status: string, at: number) =>
        sql<{ outcome: string }>(
          `select public.apply_stripe_subscription_event($1, 'customer.subscription.updated', to_timestamp($2), $3, $4,
             $5, 'monthly', null, null, null, false) as outcome`,
          [`evt_case${i}_${which}`, at, user.customer, sub, status],
        );
      if (c.current) await call('current', c.current.status, c.current.eventAt);
      const [row] = await call('incoming', c.incoming.status, c.incoming.eventAt);
      expect(`${c.name}: ${row!.outcome}`).toBe(`${c.name}: ${c.expected}`);
    }
  });
});

describe('user_subscription_status() and RLS', () => {
  it('has_premium from active or trialing rows whose period has not ended', async () => {
    const cases: [string, string, boolean][] = [
      ['active', `now() + interval '1 day'`, true],
      ['trialing', `now() + interval '1 day'`, true],
      ['past_due', `now() + interval '1 day'`, false],
      ['canceled', `now() + interval '1 day'`, false],
      ['active', `now() - interval '1 second'`, false],
      ['expired', `now() - interval '1 day'`, false],
    ];
    for (const [st, end, premium] of cases) {
      const user = await makeUser();
      await sql(
        `insert into public.subscriptions (user_id, status, current_period_end) values ($1, $2, ${end})`,
        [user.id, st],
      );
      const got = await status(user.client);
      expect(`${st} ${end}: ${got.has_premium}`).toBe(`${st} ${end}: ${premium}`);
      expect(got.subscriptions).toHaveLength(1);
    }
  });

  it('the analytics history the database allows is the one the pricing page promises', async () => {
    const free = await makeUser();
    const { data: start } = await free.client.rpc('poster_scan_history_start');
    const days = (Date.now() - Date.parse(String(start))) / 86_400_000;
    expect(Math.round(days)).toBe(freeLimits.analyticsHistoryDays);
  });

  it('users read only their own; nobody but the service role writes, admins included', async () => {
    const owner = await userWithCustomer();
    await deliver(subscriptionEvent('customer.subscription.created', owner.customer, 'sub_rls'));
    const other = await makeUser();
    await sql('insert into public.admin_users (user_id) values ($1)', [other.id]);
    const { data } = await other.client.from('subscriptions').select('id').eq('user_id', owner.id);
    expect(data).toHaveLength(1); // admins read for support
    const stranger = await makeUser();
    expect((await stranger.client.from('subscriptions').select('id')).data).toEqual([]);
    expect((await stranger.client.from('stripe_customers').select('*')).data).toEqual([]);
    expect((await status(stranger.client)).subscriptions).toEqual([]);

    const ins = await other.client.from('subscriptions').insert({ user_id: other.id, status: 'active' });
    expect(ins.error).not.toBeNull();
    const upd = await other.client
      .from('subscriptions')
      .update({ status: 'canceled' })
      .eq('user_id', owner.id)
      .select();
    expect(upd.data ?? []).toEqual([]);
    const self = await stranger.client
      .from('stripe_customers')
      .insert({ user_id: stranger.id, customer_id: 'cus_mine' });
    expect(self.error).not.toBeNull();
    const rpc = await stranger.client.rpc('apply_stripe_subscription_event', {
      p_event_id: 'evt_x',
      p_event_type: 'x',
      p_event_created: new Date().toISOString(),
      p_customer: owner.customer,
      p_subscription: 'sub_rls',
      p_status: 'canceled',
      p_plan: null,
      p_price: null,
      p_period_start: null,
      p_period_end: null,
      p_cancel_at_period_end: null,
    });
    expect(rpc.error).not.toBeNull();
    expect(await subsOf(owner.id)).toMatchObject([{ status: 'active' }]);
  });
});
