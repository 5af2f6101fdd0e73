// The premium functions' test set-up: a local backend whose functions speak to the development checkout (Stripe in
// test mode, selling Premium's plans), which delivers its signed events to stripe-webhook.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startPremiumCheckout, type DevStripe } from '@pentland/premium/dev-checkout';
import { startTestBackend, type TestBackend } from '@pentland/local-supabase/testing';

export type { DevStripe };

/** The backend and the development checkout; `stop()` ends both. Checkout returns to http://127.0.0.1:9. */
export async function startPremiumBackend(): Promise<{
  b: TestBackend;
  checkout: DevStripe;
  stop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'premium-checkout-'));
  const checkout = await startPremiumCheckout({ dataDir });
  const b = await startTestBackend({ functionEnv: checkout.env, seed: false, siteUrl: 'http://127.0.0.1:9' });
  checkout.setWebhookUrl(`${b.url}/functions/v1/stripe-webhook`);
  return {
    b,
    checkout,
    async stop() {
      await b.stop();
      await checkout.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** user_subscription_status() as the client's user (RLS decides). */
export async function premiumStatus(
  c: SupabaseClient,
): Promise<{ has_premium: boolean; subscriptions: { plan: string; status: string }[] }> {
  const { data, error } = await c.rpc('user_subscription_status');
  if (error) throw error;
  return data as { has_premium: boolean; subscriptions: { plan: string; status: string }[] };
}

/** A user's subscription rows, read with the database's own rights. */
export const subscriptionsOf = async (b: TestBackend, userId: string) =>
  (
    await b.db.query<{
      status: string;
      plan: string;
      cancel_at_period_end: boolean;
      current_period_end: Date;
    }>(
      'select status, plan, cancel_at_period_end, current_period_end from public.subscriptions where user_id = $1',
      [userId],
    )
  ).rows;
