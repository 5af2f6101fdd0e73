// The premium functions through the real local backend and supabase-js: the development checkout (Stripe in test
// mode, spoken to with the official `stripe` package), the signed webhook, the ordering rule in the database and
// user_subscription_status() with RLS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '@pentland/local-supabase';
import { startPremiumCheckout, type DevStripe } from '../src/dev-checkout.ts';
import { freeLimits, plans } from '../src/index.ts';
import { orderingCases } from './ordering-cases.ts';

type Backend = Awaited<ReturnType<typeof startBackend>>;
let backend: Backend;
let checkout: DevStripe;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pentland-premium-'));
  checkout = await startPremiumCheckout({ dataDir });
  backend = await startBackend({
    port: 0,
    dataDir,
    functionEnv: checkout.env,
    seed: false,
    siteUrl: 'http://127.0.0.1:9',
    auth: {
      autoconfirm: true,
      disableSignup: false,
      bcryptCost: 4,
      rateLimits: { windowSeconds: 300, signIn: 10_000, signUp: 10_000, refresh: 10_000, verify: 10_000 },
    },
  });
  checkout.setWebhookUrl(`${backend.url}/functions/v1/stripe-webhook`);
});

afterAll(async () => {
  await backend?.stop();
  await checkout?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const anon = (token?: string): SupabaseClient =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });

let n = 0;
async function makeUser() {
  const c = anon();
  const email = `member${Date.now()}${n++}@example.test`;
  const { error: upError } = await c.auth.signUp({ email, password: 'correct-horse-battery' });
  if (upError) throw upError;
  const { data, error } = await c.auth.signInWithPassword({ email, password: 'correct-horse-battery' });
  if (error) throw error;
  return { id: data.user.id, email, token: data.session.access_token, client: c };
}

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await backend.db.query(text, params)).rows as T[];

const subsOf = (userId: string) =>
  sql<{ status: string; plan: string; cancel_at_period_end: boolean; current_period_end: Date }>(
    'select status, plan, cancel_at_period_end, current_period_end from public.subscriptions where user_id = $1',
    [userId],
  );

async function status(c: SupabaseClient) {
  const { data, error } = await c.rpc('user_subscription_status');
  if (error) throw error;
  return data as { has_premium: boolean; subscriptions: { plan: string; status: string }[] };
}

async function invoke(name: string, body: unknown, token?: string) {
  const res = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token ?? backend.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function payCard(url: string, card: string) {
  const res = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: card,
      cardExpiry: '12 / 34',
      cardCvc: '123',
      billingName: 'Test',
    }),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

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
  const res = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(header ? { 'Stripe-Signature': header } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('development checkout', () => {
  it('signs events exactly as Stripe does', async () => {
    const payload = '{"id":"evt_1"}';
    const expected = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: checkout.webhookSecret,
      timestamp: 1_800_000_000,
    });
    expect(checkout.sign(payload, 1_800_000_000)).toBe(expected);
  });

  it('a signed-out request, an unknown plan and a GET are refused', async () => {
    expect((await invoke('create-checkout-session', { plan: 'monthly' })).status).toBe(401);
    const user = await makeUser();
    const bad = await invoke('create-checkout-session', { plan: 'lifetime' }, user.token);
    expect(bad).toMatchObject({ status: 400, body: { error: 'Choose the monthly or the yearly plan.' } });
    expect(await sql('select 1 from public.stripe_customers where user_id = $1', [user.id])).toHaveLength(0);
  });

  it('declines a declined test card and changes nothing; 4242… subscribes; a second checkout goes to management', async () => {
    const user = await makeUser();
    const created = await invoke('create-checkout-session', { plan: 'monthly' }, user.token);
    expect(created.status).toBe(200);
    const url = String(created.body.url);
    expect(url.startsWith(checkout.url)).toBe(true);

    const pageHtml = await (await fetch(url)).text();
    expect(pageHtml).toContain('TEST MODE');
    expect(pageHtml).toContain('Premium Monthly');
    expect(pageHtml).toContain('£9.99 a month');

    const declined = await payCard(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(await subsOf(user.id)).toHaveLength(0);
    expect((await status(user.client)).has_premium).toBe(false);

    const real = await payCard(url, '4111 1111 1111 1111');
    expect(real.html).toContain('used a non test card');

    const paid = await payCard(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/welcome\?checkout=success&session_id=cs_test_/);
    const st = await status(user.client);
    expect(st.has_premium).toBe(true);
    expect(st.subscriptions).toMatchObject([{ plan: 'monthly', status: 'active' }]);

    const again = await invoke('create-checkout-session', { plan: 'yearly' }, user.token);
    expect(again).toMatchObject({ status: 409, body: { code: 'already_premium' } });
  });

  it('the portal cancels at the period end and resumes, through signed events', async () => {
    const user = await makeUser();
    const { body } = await invoke('create-checkout-session', { plan: 'yearly' }, user.token);
    await payCard(String(body.url), '5555555555554444');
    expect((await status(user.client)).has_premium).toBe(true);

    const portal = await invoke('create-portal-session', { returnPath: '/welcome' }, user.token);
    expect(portal.status).toBe(200);
    const portalUrl = String(portal.body.url);
    const html = await (await fetch(portalUrl)).text();
    expect(html).toContain('Premium Yearly');
    expect(html).toContain('href="http://127.0.0.1:9/welcome"');
    const subId = /name="subscription" value="([^"]+)"/.exec(html)![1]!;

    const post = (action: string) =>
      fetch(`${portalUrl}/${action}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ subscription: subId }),
      });
    expect((await post('cancel')).status).toBe(303);
    expect(await subsOf(user.id)).toMatchObject([{ status: 'active', cancel_at_period_end: true }]);
    // Cancelled at the period end: premium until then.
    expect((await status(user.client)).has_premium).toBe(true);
    await new Promise((r) => setTimeout(r, 1100)); // the next event must be of a later second than the cancel
    expect((await post('resume')).status).toBe(303);
    expect(await subsOf(user.id)).toMatchObject([{ cancel_at_period_end: false }]);

    const nobody = await makeUser();
    expect(await invoke('create-portal-session', {}, nobody.token)).toMatchObject({ status: 404 });
    expect(
      await invoke('create-portal-session', { returnPath: 'https://evil.example' }, nobody.token),
    ).toMatchObject({
      status: 400,
    });
  });
});

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
