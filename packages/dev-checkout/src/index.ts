/**
 * The development checkout: a local stand-in for the parts of Stripe's API a subscription checkout uses, in test
 * mode, on its own loopback port, selling the plans it is given. It speaks Stripe's protocol — form-encoded requests with a Bearer secret key,
 * Stripe's JSON objects and error bodies — so the functions use the official `stripe` package against it
 * unchanged (STRIPE_API_URL). Its hosted pages stand in for Stripe Checkout (a test card form that accepts
 * Stripe's documented test cards and declines its declined-card numbers) and the customer portal (cancel at the
 * period end, resume). What they do reaches the site only as Stripe does it: events signed with the webhook
 * secret (`Stripe-Signature: t=…,v1=…`) sent to the webhook URL (a stripe-webhook function).
 *
 * API: POST /v1/customers, POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, GET /v1/subscriptions/:id,
 * POST /v1/billing_portal/sessions. Pages: /checkout/:id, /portal/:id.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { checkCard } from './cards.ts';
import type { Plan } from './plan.ts';
import { page, checkoutPage, portalPage } from './pages.ts';

export type { Plan } from './plan.ts';

export const DEV_STRIPE_API_VERSION = '2026-10-28.endive';

type Obj = Record<string, unknown>;

export interface DevStripeOptions {
  /** What it sells. */
  plans: readonly Plan[];
  /** Where events go (the stripe-webhook function); may be set later with setWebhookUrl, before the first payment. */
  webhookUrl?: string;
  /** State survives restarts here (customers and subscriptions the database refers to). */
  dataDir: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Clock for periods and event times (tests). */
  now?: () => number;
}

export interface DevStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The environment the functions get: Stripe configured against this checkout. */
  env: Record<string, string>;
  /** Signs a payload exactly as Stripe does: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
  sign(payload: string, timestamp?: number): string;
  /** Where events go from now on (a backend that started after the checkout knows its URL only then). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

interface State {
  customers: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  portals: Record<string, Obj>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } } (arrays as objects keyed by index). */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\]?\[|\]/).filter((p) => p !== '');
    let node: Obj = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return out;
}

function stripeError(status: number, message: string, extra: Obj = {}): Response {
  return Response.json({ error: { type: 'invalid_request_error', message, ...extra } }, { status });
}

function priceObject(plan: Plan): Obj {
  return {
    id: plan.priceId,
    object: 'price',
    active: true,
    currency: plan.currency,
    unit_amount: plan.amount,
    nickname: plan.name,
    product: 'prod_dev_premium',
    recurring: { interval: plan.interval, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    livemode: false,
  };
}

const itemOf = (sub: Obj) =>
  ((sub.items as { data?: { price?: { id?: string }; current_period_end?: number }[] } | undefined)?.data ??
    [])[0];

function addPeriod(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

export async function startDevStripe(options: DevStripeOptions): Promise<DevStripe> {
  const secretKey = options.secretKey ?? `sk_test_dev_${randomBytes(16).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const now = options.now ?? (() => Date.now());
  const seconds = () => Math.floor(now() / 1000);
  let webhookUrl = options.webhookUrl ?? null;
  const planByPrice = (priceId: unknown): Plan | undefined =>
    options.plans.find((p) => p.priceId === priceId);
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'dev-stripe.json');
  const state: State = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as State)
    : { customers: {}, sessions: {}, subscriptions: {}, portals: {} };
  const save = () => writeFileSync(file, JSON.stringify(state));

  const sign = (payload: string, timestamp = seconds()) =>
    `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`).digest('hex')}`;

  /** Sends one event to the webhook as Stripe does; resolves with the webhook's status. */
  async function send(type: string, object: Obj): Promise<number> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: DEV_STRIPE_API_VERSION,
      created: seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    try {
      if (!webhookUrl) throw new Error('no webhook URL is set');
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': sign(payload) },
        body: payload,
      });
      await res.text();
      if (!res.ok) console.warn(`[dev-stripe] ${type} → webhook answered ${res.status}`);
      return res.status;
    } catch (err) {
      console.warn(`[dev-stripe] ${type} → webhook unreachable:`, err);
      return 0;
    }
  }

  let base = '';

  async function api(req: Request, url: URL): Promise<Response> {
    if (req.headers.get('authorization') !== `Bearer ${secretKey}`) {
      return stripeError(401, 'Invalid API Key provided.');
    }
    const form = req.method === 'POST' ? parseStripeForm(await req.text()) : {};
    const parts = url.pathname.split('/').filter(Boolean); // v1, resource, …
    const route = `${req.method} /${parts.slice(1).join('/')}`;
    if (route === 'POST /customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: typeof form.email === 'string' ? form.email : null,
        metadata: form.metadata ?? {},
        created: seconds(),
        livemode: false,
      };
      state.customers[customer.id] = customer;
      save();
      return Response.json(customer);
    }
    if (route === 'POST /checkout/sessions') {
      const customer = state.customers[String(form.customer)];
      if (!customer)
        return stripeError(400, `No such customer: '${String(form.customer)}'`, { param: 'customer' });
      if (form.mode !== 'subscription')
        return stripeError(400, 'Only subscription mode is available.', { param: 'mode' });
      const item = (form.line_items as Obj | undefined)?.['0'] as Obj | undefined;
      const plan = planByPrice(item?.price);
      if (!plan)
        return stripeError(400, `No such price: '${String(item?.price)}'`, { param: 'line_items[0][price]' });
      for (const key of ['success_url', 'cancel_url']) {
        if (typeof form[key] !== 'string' || !/^https?:\/\//.test(form[key])) {
          return stripeError(400, `Invalid URL: ${key}`, { param: key });
        }
      }
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: customer.id,
        customer_email: customer.email,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        subscription_metadata: (form.subscription_data as Obj | undefined)?.metadata ?? {},
        price: plan.priceId,
        amount_total: plan.amount,
        currency: plan.currency,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        subscription: null,
        url: `${base}/checkout/${sessionId}`,
        created: seconds(),
        expires_at: seconds() + 24 * 3600,
        livemode: false,
      };
      state.sessions[sessionId] = session;
      save();
      return Response.json(session);
    }
    if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = state.sessions[parts[3]];
      return session ? Response.json(session) : stripeError(404, `No such checkout.session: '${parts[3]}'`);
    }
    if (req.method === 'GET' && parts[1] === 'subscriptions' && parts[2]) {
      const sub = state.subscriptions[parts[2]];
      return sub ? Response.json(sub) : stripeError(404, `No such subscription: '${parts[2]}'`);
    }
    if (route === 'POST /billing_portal/sessions') {
      const customer = state.customers[String(form.customer)];
      if (!customer)
        return stripeError(400, `No such customer: '${String(form.customer)}'`, { param: 'customer' });
      const portalId = id('bps');
      const portal = {
        id: portalId,
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: typeof form.return_url === 'string' ? form.return_url : null,
        url: `${base}/portal/${portalId}`,
        created: seconds(),
        livemode: false,
      };
      state.portals[portalId] = portal;
      save();
      return Response.json(portal);
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  function newSubscription(session: Obj, plan: Plan): Obj {
    const start = seconds();
    const subId = id('sub');
    return {
      id: subId,
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      start_date: start,
      ended_at: null,
      currency: 'gbp',
      collection_method: 'charge_automatically',
      metadata: session.subscription_metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: priceObject(plan),
            quantity: 1,
            subscription: subId,
            current_period_start: start,
            current_period_end: addPeriod(start, plan.interval),
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      livemode: false,
    };
  }

  async function pay(sessionId: string, req: Request): Promise<Response> {
    const session = state.sessions[sessionId];
    if (!session)
      return page('Checkout not found', '<p>This checkout session does not exist or has expired.</p>', 404);
    const plan = planByPrice(session.price)!;
    if (session.status !== 'open')
      return Response.redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId), 303);
    const form = new URLSearchParams(await req.text());
    const card = {
      number: form.get('cardNumber') ?? '',
      expiry: form.get('cardExpiry') ?? '',
      cvc: form.get('cardCvc') ?? '',
    };
    const check = checkCard(card, new Date(now()));
    if (!check.ok) {
      return checkoutPage(
        {
          session,
          plan,
          priceLabel: plan.priceLabel,
          error: check.message,
          values: { ...card, name: form.get('billingName') ?? '' },
        },
        402,
      );
    }
    const sub = newSubscription(session, plan);
    state.subscriptions[String(sub.id)] = sub;
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    save();
    // Stripe's order for a new subscription through Checkout; the webhook must cope with any order.
    await send('customer.subscription.created', sub);
    await send('checkout.session.completed', session);
    return Response.redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId), 303);
  }

  async function portalAction(portalId: string, action: string, req: Request): Promise<Response> {
    const portal = state.portals[portalId];
    if (!portal) return page('Portal session not found', '<p>This portal session does not exist.</p>', 404);
    const form = new URLSearchParams(await req.text());
    const sub = state.subscriptions[form.get('subscription') ?? ''];
    if (!sub || sub.customer !== portal.customer || sub.status === 'canceled') {
      return page('Subscription not found', '<p>This subscription cannot be changed.</p>', 404);
    }
    if (action === 'cancel' || action === 'resume') {
      sub.cancel_at_period_end = action === 'cancel';
      sub.canceled_at = action === 'cancel' ? seconds() : null;
      save();
      await send('customer.subscription.updated', sub);
    } else {
      return page('Not found', '<p>Unknown action.</p>', 404);
    }
    return Response.redirect(`${base}/portal/${portalId}`, 303);
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'v1') return api(req, url);
    if (parts[0] === 'checkout' && parts[1]) {
      const session = state.sessions[parts[1]];
      if (req.method === 'POST' && parts[2] === 'pay') return pay(parts[1], req);
      if (req.method === 'GET' && parts.length === 2 && session) {
        const plan = planByPrice(session.price)!;
        if (session.status !== 'open')
          return Response.redirect(
            String(session.success_url).replace('{CHECKOUT_SESSION_ID}', parts[1]),
            303,
          );
        return checkoutPage({ session, plan, priceLabel: plan.priceLabel });
      }
      return page('Checkout not found', '<p>This checkout session does not exist or has expired.</p>', 404);
    }
    if (parts[0] === 'portal' && parts[1]) {
      const portal = state.portals[parts[1]];
      if (!portal) return page('Portal session not found', '<p>This portal session does not exist.</p>', 404);
      if (req.method === 'POST' && parts[2]) return portalAction(parts[1], parts[2], req);
      const subs = Object.values(state.subscriptions).filter((s) => s.customer === portal.customer);
      return portalPage({
        portal,
        subscriptions: subs.map((s) => ({ sub: s, plan: planByPrice(itemOf(s)?.price?.id) })),
      });
    }
    return page('Not found', '<p>Nothing here.</p>', 404);
  }

  const server: Server = createServer(
    getRequestListener(
      async (req) => {
        // Stripe's own limit on a request body is far larger; nothing the functions send comes near 64 KB.
        if (Number(req.headers.get('content-length') ?? 0) > 64 * 1024)
          return stripeError(413, 'The request is too large.');
        return handle(req);
      },
      {
        errorHandler: (err) => {
          console.error('[dev-stripe]', err);
          return stripeError(500, 'An unexpected error occurred.');
        },
      },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sign,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: base,
      ...Object.fromEntries(options.plans.map((p) => [p.priceEnv, p.priceId])),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
