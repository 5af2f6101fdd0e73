// Issue 17's journey in Chromium against the local backend and its development checkout (Stripe in test mode):
// a free user at the generator's limit upgrades from /pricing (signed out → sign in → straight to the checkout),
// a declined test card changes nothing, 4242… makes them Premium (the limit is gone), they cancel in the portal,
// Premium lasts to the period's end and then the limit is back.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { authForm, menuTrigger, screenshotDir, signInAt, startJourney, submitSignIn, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
});

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

const subscriptionsOf = (userId: string) =>
  testSql<{ status: string; plan: string; cancel_at_period_end: boolean }>(
    'select status, plan, cancel_at_period_end from public.subscriptions where user_id = $1',
    [userId],
  );

describe('premium', () => {
  it(
    'limit → upgrade through the test checkout (declined card first) → Premium → cancel → ends at the period end',
    { timeout: 120_000 },
    async () => {
      const email = uniqueEmail('premium');
      const userId = await createConfirmedUser(email, 'premium-pass-1', 'Pat Premium');
      // This month's free generations are used up.
      await testSql(
        `insert into public.article_generations (user_id, mode, topic) select $1, 'offline', 'Used ' || g from generate_series(1, 3) g`,
        [userId],
      );
      const { page, context } = await startJourney(browser);

      await page.goto(url('/pricing'));
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
      await page.getByText('Save £20.88 (17%) a year').waitFor();
      await page.screenshot({ path: `${screenshotDir}pricing.png`, fullPage: true });
      await page.getByRole('button', { name: 'Upgrade to Premium Monthly' }).click();
      // Signed out: sign in first, then straight on to the checkout.
      await submitSignIn(authForm(page), email, 'premium-pass-1');
      await page.waitForURL(/\/checkout\/cs_test_/, { timeout: 20_000 });
      await page.getByRole('note').filter({ hasText: 'TEST MODE' }).waitFor();
      await page.getByText('£9.99 a month').waitFor();

      await payWith(page, '4000 0000 0000 0002');
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
      await page.screenshot({ path: `${screenshotDir}checkout-declined.png`, fullPage: true });
      expect(await subscriptionsOf(userId)).toEqual([]);

      await payWith(page, '4242 4242 4242 4242');
      await page.waitForURL((u) => u.pathname === '/welcome' && u.searchParams.get('checkout') === 'success');
      await page.getByText('Welcome to Premium').waitFor();
      const panel = page.getByRole('region', { name: 'Your plan' });
      await panel.getByRole('heading', { name: /Premium Monthly/ }).waitFor();
      await panel.getByText(/^Renews on \d{1,2} \w+ \d{4}$/).waitFor();
      expect(await subscriptionsOf(userId)).toEqual([
        { status: 'active', plan: 'monthly', cancel_at_period_end: false },
      ]);

      // The user menu says so too.
      await page.getByRole('banner').getByRole('button', { name: 'Account menu for Pat Premium' }).click();
      await page.getByRole('menu').getByText('Premium', { exact: true }).waitFor();
      await page.keyboard.press('Escape');

      // The limit is gone: the generator is unlimited.
      await page.goto(url('/article-generator'));
      await page.getByText('Unlimited generations with Premium').waitFor();

      await page.goto(url('/dashboard'));
      await page.getByText('Premium member: every tool is unlocked.').waitFor();

      // /profile shows the plan as well.
      await page.goto(url('/profile'));
      const profilePlan = page.getByRole('region', { name: 'Your plan' });
      await profilePlan.getByRole('heading', { name: /Premium Monthly/ }).waitFor();
      await profilePlan.getByText(/^Renews on \d{1,2} \w+ \d{4}$/).waitFor();

      // Cancel at the period end in the portal, then back to the site.
      await page.goto(url('/welcome'));
      await page.getByRole('button', { name: 'Manage or cancel' }).click();
      await page.waitForURL(/\/portal\/bps_/);
      await page.getByRole('button', { name: 'Cancel plan' }).click();
      await page.getByRole('button', { name: 'Renew plan' }).waitFor();
      await page.getByRole('link', { name: 'Return to Pentland Cloud' }).click();
      await page.waitForURL((u) => u.pathname === '/welcome');
      await panel.getByText(/^Ends on /).waitFor();
      expect(await subscriptionsOf(userId)).toEqual([
        { status: 'active', plan: 'monthly', cancel_at_period_end: true },
      ]);

      // The period ends (moved into the past in the test database): Premium ends, the limit is back.
      await testSql(
        `update public.subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`,
        [userId],
      );
      await page.reload();
      await panel.getByText(/^Ended on /).waitFor();
      await page.goto(url('/article-generator'));
      await page.getByText('0 of 3 free generations left this month').waitFor();
      await context.close();
    },
  );
});

/** A confirmed user, with an active Premium Monthly subscription when `premium`, signed in on /welcome. */
async function memberOnWelcome(tag: string, name: string, premium: boolean) {
  const email = uniqueEmail(tag);
  const userId = await createConfirmedUser(email, 'member-pass-1', name);
  if (premium) await givePremiumMonthly(userId);
  const journey = await startJourney(browser);
  // Signing in, the reload and the status lookup took over the 10 s default on a busy machine.
  journey.context.setDefaultTimeout(30_000);
  await signInAt(journey.page, email, 'member-pass-1', '/welcome');
  await journey.page
    .getByRole('region', { name: 'Your plan' })
    .getByRole('heading', { name: premium ? /Premium Monthly/ : /Free/ })
    .waitFor();
  return { ...journey, userId };
}

const givePremiumMonthly = (userId: string) =>
  testSql(
    `insert into public.subscriptions (user_id, plan, status, current_period_end) values ($1, 'monthly', 'active', now() + interval '20 days')`,
    [userId],
  );

describe('/pricing for a Premium member', () => {
  it(
    'shows no Upgrade button while their plan is being checked, then their plan with a link to manage it',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await memberOnWelcome('member', 'Mel Member', true);
      // From here on (the app navigates without reloading), note every Upgrade button the page shows.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { upgradeButtonsSeen: string[] }).upgradeButtonsSeen = seen;
        const check = () => {
          for (const b of document.querySelectorAll('button'))
            if (b.textContent?.startsWith('Upgrade to')) seen.push(b.textContent);
        };
        new MutationObserver(check).observe(document, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });
      await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/pricing');
      await page.getByText('You have Premium Monthly').waitFor();
      expect(
        await page.evaluate(
          () => (window as unknown as { upgradeButtonsSeen?: string[] }).upgradeButtonsSeen,
        ),
      ).toEqual([]);
      await expect(page.getByRole('link', { name: 'Manage your subscription' }).count()).resolves.toBe(1);
      await context.close();
    },
  );

  it(
    'a checkout refused because the account has become Premium shows the plan, not the refusal on top of it',
    { timeout: 120_000 },
    async () => {
      const { page, context, userId } = await memberOnWelcome('became-member', 'Bea Member', false);
      await page.goto(url('/pricing'));
      await menuTrigger(page, 'Bea Member').waitFor();
      const upgrade = page.getByRole('button', { name: 'Upgrade to Premium Monthly' });
      await upgrade.waitFor();
      // Premium bought meanwhile (in another tab, say): this page still offers the upgrade.
      await givePremiumMonthly(userId);
      await upgrade.click();
      await page.getByText('You have Premium Monthly').waitFor();
      await expect(page.getByText('You already have Premium').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^Upgrade to/ }).count()).resolves.toBe(0);
      await context.close();
    },
  );
});
