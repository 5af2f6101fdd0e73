// The guard of every signed-in and admin route of the route table (issue 7), in Chromium against the real backend:
// signed out, as a signed-in user and as an administrator.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasParams, routes, welcomeGreeting, type RouteEntry } from '@pentland/site-data';
import { authForm, startJourney, submitSignIn, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

const pathOf = (route: RouteEntry) => (hasParams(route) ? route.path.replace(/:(\w+)/g, '42') : route.path);
const signedInRoutes = routes.filter((r) => r.access === 'signed-in');
const adminRoutes = routes.filter((r) => r.access === 'admin');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), email, password);
  await page.waitForURL((u) => u.pathname === '/welcome');
}

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

describe('route guards', () => {
  it('ask a signed-out visitor to sign in on every signed-in and admin route', async () => {
    expect(signedInRoutes.map((r) => r.path)).toContain('/article-editor/:id');
    expect(signedInRoutes).toHaveLength(8);
    expect(adminRoutes).toHaveLength(3);
    const { context, page, errors } = await startJourney(browser);
    for (const route of [...signedInRoutes, ...adminRoutes]) {
      const title = route.access === 'admin' ? 'Admin Access Required' : 'Authentication Required';
      await page.goto(url(pathOf(route)));
      await mainHeading(page).filter({ hasText: title }).waitFor();
      await expect(
        authForm(page).getByRole('button', { name: 'Sign In', exact: true }).count(),
      ).resolves.toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('show a signed-in user every signed-in route and deny every admin route', async () => {
    const { context, page, errors } = await startJourney(browser);
    await signIn(page, 'user@pentland.test', 'pentland-user');
    for (const route of signedInRoutes) {
      await page.goto(url(pathOf(route)));
      const expected = route.path === '/welcome' ? welcomeGreeting('Demo User') : route.title;
      await mainHeading(page).filter({ hasText: expected }).waitFor();
      await expect(page.getByText('Authentication Required').count(), route.path).resolves.toBe(0);
    }
    for (const route of adminRoutes) {
      await page.goto(url(pathOf(route)));
      await page.getByRole('main').getByRole('heading', { name: 'Access Denied' }).waitFor();
      // Not in the page (the navigation's closed mobile menu may name the route among the account links).
      await expect(
        page.getByRole('main').getByText(route.title, { exact: true }).count(),
        route.path,
      ).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('show an administrator every admin route', async () => {
    const { context, page, errors } = await startJourney(browser);
    await signIn(page, 'admin@pentland.test', 'pentland-admin');
    for (const route of adminRoutes) {
      await page.goto(url(pathOf(route)));
      await mainHeading(page).filter({ hasText: route.title }).waitFor();
      await expect(page.getByText('Access Denied').count(), route.path).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
