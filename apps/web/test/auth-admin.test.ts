// Issue 7's journey 7: the admin guard at /consultation-dashboard, in Chromium against the real backend. In the last
// describe the browser's rpc('is_admin') fails (the network refuses it) and the administrator e-mail list the site
// was built with (VITE_ADMIN_EMAILS, see global-setup.ts) decides.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createConfirmedUser, rpc } from './helpers.ts';
import { authForm, menuTrigger, passwordToken, startJourney, submitSignIn, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const admin = { email: 'admin@pentland.test', password: 'pentland-admin' };
const user = { email: 'user@pentland.test', password: 'pentland-user' };

/** Signs in on /auth and waits for /welcome. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
  await authForm(page).getByRole('status').getByText('Successfully signed in!', { exact: true }).waitFor();
  await page.waitForURL((u) => u.pathname === '/welcome');
}

async function expectAccessDenied(page: Page, email: string): Promise<void> {
  const denied = page.getByRole('main').getByRole('alert');
  await denied.getByRole('heading', { name: 'Access Denied', exact: true }).waitFor();
  await denied
    .getByText("You don't have administrator privileges to access this area.", { exact: true })
    .waitFor();
  await denied.getByText(email, { exact: true }).waitFor();
  await denied
    .getByText('Contact the system administrator to request admin access.', { exact: true })
    .waitFor();
  await expect(page.getByRole('heading', { name: 'Manage Consultations', level: 1 }).count()).resolves.toBe(
    0,
  );
}

async function expectAdminPage(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1, name: 'Manage Consultations' }).waitFor();
  for (const guard of ['Access Denied', 'Admin Access Required', 'Checking permissions...'])
    await expect(page.getByText(guard, { exact: true }).count(), guard).resolves.toBe(0);
}

describe('journey 7: the admin guard', () => {
  it("shows a non-admin 'Access Denied' with their e-mail; Return to Homepage goes to /", async () => {
    const { context, page, errors } = await startJourney(browser);
    await page.goto(url('/consultation-dashboard'));
    // Signed out: the admin guard asks to sign in, with the form embedded.
    await page.getByRole('heading', { level: 1, name: 'Admin Access Required' }).waitFor();
    await authForm(page).getByRole('heading', { level: 2, name: 'Welcome back' }).waitFor();
    await signIn(page, user.email, user.password);
    await page.goto(url('/consultation-dashboard'));
    await expectAccessDenied(page, user.email);
    await page.getByRole('button', { name: 'Return to Homepage', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Enterprise cloud solutions that scale with your success').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an admin the page, and the Admin Only group in their menu', async () => {
    const { context, page, errors } = await startJourney(browser);
    await signIn(page, admin.email, admin.password);
    await page.goto(url('/consultation-dashboard'));
    await expectAdminPage(page);
    await menuTrigger(page, 'Demo Admin').click();
    const menu = page.getByRole('menu');
    await menu
      .getByRole('group', { name: 'Admin Only' })
      .getByRole('menuitem', { name: 'Manage Consultations' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the admin guard's embedded sign-in", () => {
  it("shows 'Successfully signed in!' and reloads the page, which then decides (here: Access Denied)", async () => {
    const { context, page, errors } = await startJourney(browser);
    await page.goto(url('/consultation-dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Admin Access Required' }).waitFor();
    await page.evaluate(() => ((window as unknown as { __beforeSignIn: boolean }).__beforeSignIn = true));
    const reloaded = page.waitForEvent('load', { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    await submitSignIn(authForm(page), user.email, user.password);
    await authForm(page).getByRole('status').getByText('Successfully signed in!', { exact: true }).waitFor();
    expect(await reloaded, 'the page reloads after signing in').toBe(true);
    expect(new URL(page.url()).pathname).toBe('/consultation-dashboard');
    await expect(
      page.evaluate(() => (window as unknown as { __beforeSignIn?: boolean }).__beforeSignIn ?? false),
    ).resolves.toBe(false);
    await expectAccessDenied(page, user.email);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('journey 7: when is_admin fails, the configured e-mail list decides', () => {
  it('lets a listed non-admin in and turns the database admin away', async () => {
    const [listed] = inject('fallbackAdminEmails');
    const listedPassword = 'listed-admin-7';
    await createConfirmedUser(listed!, listedPassword, 'Listed Admin');
    const listedToken = await passwordToken(listed!, listedPassword);
    const adminToken = await passwordToken(admin.email, admin.password);
    // Before: the database says the listed address is no admin and admin@pentland.test is.
    expect(await rpc('is_admin', listedToken)).toEqual({ status: 200, body: false });
    expect(await rpc('is_admin', adminToken)).toEqual({ status: 200, body: true });

    // The call fails in the browser, as when the network or the backend does; the function itself stays, since
    // renaming it in the shared database would fail every journey running beside this one.
    const failIsAdmin = (context: BrowserContext) =>
      context.route('**/rest/v1/rpc/is_admin', (route) => route.abort('failed'));

    const listedJourney = await startJourney(browser);
    await failIsAdmin(listedJourney.context);
    await signIn(listedJourney.page, listed!, listedPassword);
    await listedJourney.page.goto(url('/consultation-dashboard'));
    await expectAdminPage(listedJourney.page);
    await listedJourney.context.close();

    const adminJourney = await startJourney(browser);
    await failIsAdmin(adminJourney.context);
    await signIn(adminJourney.page, admin.email, admin.password);
    await adminJourney.page.goto(url('/consultation-dashboard'));
    await expectAccessDenied(adminJourney.page, admin.email);
    await adminJourney.context.close();
    expect(await rpc('is_admin', adminToken)).toEqual({ status: 200, body: true });
  });
});
