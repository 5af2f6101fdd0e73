// Issue 7's journey 8: the session survives a reload, the client refreshes a short-lived access token by itself,
// and Sign Out from the user menu returns to the signed-out navigation. In Chromium, against the real backend.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountMenuLinks, welcomeGreeting } from '@pentland/site-data';
import { backend, createConfirmedUser, setJwtExpiry, storedSession, uniqueEmail } from './helpers.ts';
import { authForm, menuTrigger, navSignIn, startJourney, submitSignIn, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

/**
 * Access tokens live 95 s during this journey. supabase-js refreshes a session that expires within 90 s, and its
 * auto-refresh ticker (at start and every 30 s while the tab is visible) refreshes when fewer than three ticks
 * (< 120 s) remain: a 95 s token is refreshed when a page starts and again 30 s later, without any call from the test.
 * The 30 s are jumped with Playwright's clock (the page then runs 30 s ahead of the backend, which a 95 s token
 * tolerates: it still looks valid for another minute).
 */
const SHORT_EXPIRY = 95;

/**
 * Waits until supabase-js stores a new session (a refresh rotates the refresh token; the access token of a refresh
 * within the same second as the previous one can be byte-identical, so the refresh token is what is compared).
 */
async function refreshedAfter(page: Page, previousRefreshToken: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (previous) => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (/^sb-.*-auth-token$/.test(key))
          return JSON.parse(localStorage.getItem(key)!).refresh_token !== previous;
      }
      return false;
    },
    previousRefreshToken,
    { timeout, polling: 250 },
  );
}

describe('journey 8: the session', () => {
  it(
    'survives a reload, refreshes a short-lived token by itself, and Sign Out returns to signed-out navigation',
    { timeout: 45_000 },
    async () => {
      const email = uniqueEmail('session');
      const password = 'session-keeper-8';
      const fullName = 'Alasdair Munro';
      await createConfirmedUser(email, password, fullName);
      const { context, page, errors } = await startJourney(browser);

      // The page's clock runs at real speed from the current time until the journey moves it forward.
      await page.clock.install();
      const previousExpiry = await setJwtExpiry(SHORT_EXPIRY);
      try {
        await page.goto(url('/auth'));
        await submitSignIn(authForm(page), email, password);
        await authForm(page)
          .getByRole('status')
          .getByText('Successfully signed in!', { exact: true })
          .waitFor();
        await page.waitForURL((u) => u.pathname === '/welcome');
        await page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
        const signedIn = await storedSession(page);
        expect(signedIn).not.toBeNull();
        const lifetime = signedIn!.expires_at - Math.floor(Date.now() / 1000);
        expect(lifetime).toBeGreaterThan(SHORT_EXPIRY - 15);
        expect(lifetime).toBeLessThanOrEqual(SHORT_EXPIRY);

        // The session survives a reload; the client, starting with a token that expires within two minutes,
        // refreshes it at once.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
        await menuTrigger(page, fullName).waitFor();
        await refreshedAfter(page, signedIn!.refresh_token, 10_000);
        const atStart = await storedSession(page);
        expect(atStart!.expires_at).toBeGreaterThanOrEqual(signedIn!.expires_at);

        // Left alone, the page refreshes again on its ticker's next round, 30 s later, without a reload. The
        // page's clock jumps those 30 s (after a real second, so the backend's next token differs in iat and exp).
        await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await page.clock.fastForward(30_000);
        await refreshedAfter(page, atStart!.refresh_token, 10_000);
        const refreshed = await storedSession(page);
        expect(refreshed!.access_token).not.toBe(atStart!.access_token);
        expect(refreshed!.expires_at).toBeGreaterThan(atStart!.expires_at);
        await expect(
          page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
        ).resolves.toBe(true);

        // A backend call with the new token succeeds, made from the page as the app makes it.
        const { url: backendUrl, anonKey } = backend();
        const answer = await page.evaluate(
          async ({ backendUrl, anonKey, token }) => {
            const res = await fetch(`${backendUrl}/auth/v1/user`, {
              headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
            });
            return { status: res.status, email: ((await res.json()) as { email?: string }).email };
          },
          { backendUrl, anonKey, token: refreshed!.access_token },
        );
        expect(answer).toEqual({ status: 200, email });
        // Still signed in.
        await menuTrigger(page, fullName).waitFor();
        await page.getByRole('heading', { level: 1, name: welcomeGreeting(fullName) }).waitFor();
      } finally {
        await setJwtExpiry(previousExpiry);
      }

      // Sign Out from the user menu: the menu closes and the navigation shows Sign In again.
      await menuTrigger(page, fullName).click();
      const menu = page.getByRole('menu');
      await menu.getByText(email, { exact: true }).waitFor();
      await menu.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
      await menu.waitFor({ state: 'detached' });
      await navSignIn(page).waitFor();
      await expect(menuTrigger(page, fullName).count()).resolves.toBe(0);
      await expect(storedSession(page)).resolves.toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('the mobile menu when signed in', () => {
  it("groups the account links under 'User Account' with Sign Out; signing out there brings back 'Get Started'", async () => {
    const email = uniqueEmail('mobile');
    const password = 'mobile-menu-8';
    await createConfirmedUser(email, password, 'Kirsty Bain');
    const { context, page, errors } = await startJourney(browser, { width: 375, height: 812 });
    await page.goto(url('/auth'));
    await submitSignIn(authForm(page), email, password);
    await page.waitForURL((u) => u.pathname === '/welcome');
    await page.getByRole('heading', { level: 1, name: welcomeGreeting('Kirsty Bain') }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('[data-mobile-menu]');
    await menu.getByRole('heading', { name: 'User Account', exact: true }).waitFor();
    await expect(menu.getByRole('heading', { name: 'Get Started', exact: true }).count()).resolves.toBe(0);
    // Not an admin: the account links without the Admin Only ones, ending with Manage E-Board.
    const labels = accountMenuLinks(false).map((l) => l.label);
    for (const label of labels)
      await expect(menu.getByRole('link', { name: label, exact: true }).count(), label).resolves.toBe(1);
    await expect(menu.getByRole('link', { name: 'Manage Consultations' }).count()).resolves.toBe(0);

    await menu.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('heading', { name: 'Get Started', exact: true }).waitFor();
    await expect(menu.getByRole('heading', { name: 'User Account', exact: true }).count()).resolves.toBe(0);
    await expect(storedSession(page)).resolves.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-out visitor', () => {
  it('gets no supabase-js until the backend is needed, and sees a sign-in made in another tab', async () => {
    const email = uniqueEmail('tabs');
    const password = 'other-tab-8';
    await createConfirmedUser(email, password, 'Isla Gunn');
    const { context, page, errors } = await startJourney(browser);
    // supabase-js is the one script that names its X-Client-Info header.
    const checks: Promise<void>[] = [];
    const supabaseJs: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        checks.push(
          r.text().then((body) => void (body.includes('X-Client-Info') && supabaseJs.push(r.url()))),
        );
    });
    await page.goto(url('/contact'), { waitUntil: 'networkidle' });
    await Promise.all(checks);
    expect(checks.length).toBeGreaterThan(5);
    expect(supabaseJs).toEqual([]);
    await navSignIn(page).waitFor();

    const other = await context.newPage();
    await other.goto(url('/auth'));
    await submitSignIn(authForm(other), email, password);
    await other.waitForURL((u) => u.pathname === '/welcome');
    // This tab's navigation follows, without a reload.
    await menuTrigger(page, 'Isla Gunn').waitFor();
    await Promise.all(checks);
    expect(supabaseJs).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
