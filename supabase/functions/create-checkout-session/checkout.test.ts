// create-checkout-session and create-portal-session through the real local backend and supabase-js, against the
// development checkout (Stripe in test mode): its signature, the refusals, a declined and a paid test card, and the
// portal's cancel and resume arriving as signed events.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumStatus, startPremiumBackend, subscriptionsOf, type DevStripe } from '../_test/premium.ts';
import { callFunction, signedIn, type TestBackend } from '../_test/testing.ts';

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
const invoke = (name: string, body: unknown, token?: string) => callFunction(b, name, body, token);

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
