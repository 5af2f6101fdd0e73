// Pages served as islands: an article page rendered on request, /contact and the other form pages are whole as HTML,
// and the browser hydrates only their interactive parts — the top navigation (the session's sign-in state and menus),
// the article's share links, each form, the footer (its year is the visitor's) — each a React root of its own. The
// page's own code and the app never load there; a link loads its page; what is clicked before the islands hydrate is
// held and done once they have; a form that keeps its state in the address reads and replaces it without a router.
import { beforeAll, describe, expect, it } from 'vitest';
import { appStart, routes } from '@pentland/site-data';
import type { Page } from 'playwright-core';
import { createConfirmedUser, uniqueEmail } from './helpers.ts';
import { bodyOf, served } from './articles-e2e.ts';
import {
  holdAppChunks,
  menuTrigger,
  navSignIn,
  signInAt,
  signOutFromMenu,
  startJourney,
  url,
} from './e2e.ts';
import { browser } from './shared-browser.ts';

const seeded = '/articles/moving-a-caithness-business-to-the-cloud';
const canonical = `https://pentlandcloud.co.uk${seeded}`;

/** The site's scripts the page requests, by chunk name (`ArticlePage-x1y2.js` → `ArticlePage`). */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.resourceType() === 'script' && path.startsWith('/assets/'))
      names.push(path.slice('/assets/'.length).replace(/-[\w-]{8}\.js$/, ''));
  });
  return names;
}

const shareRegion = (page: Page) => page.getByRole('region', { name: 'Share this article' });

describe('an article page served as islands', () => {
  it('is whole as HTML, with the navigation and the share links as islands and only their code listed', async () => {
    const page = await served(seeded);
    expect(page.status).toBe(200);
    const body = bodyOf(page.text);
    expect(body).toContain('Start with an inventory of what runs where');
    expect(body).toContain('<div data-island="NavIsland" data-props="{&quot;pathname&quot;:&quot;');
    expect(body).toContain(
      `<div data-island="ShareIsland" data-props="{&quot;url&quot;:&quot;${canonical}&quot;,&quot;title&quot;:&quot;Moving a Caithness business to the cloud&quot;}"`,
    );
    const entry = /<script [^>]*data-modules="([^"]+)"[^>]*>/.exec(page.text);
    expect(entry?.[0]).toContain('data-start="islands"');
    // Rendered on request: loaded again when shown from history (the retraction journey tests what that keeps).
    expect(entry?.[0]).toContain('data-revalidate');
    const modules = entry?.[1] ?? '';
    expect(modules).toMatch(/\/assets\/hydrateIslands-/);
    expect(modules).not.toMatch(/ArticlePage-|boot-/);
  });

  it('hydrates only its islands: Copy link copies the address, a link loads its page, no app code loads', async () => {
    const { page, context, errors } = await startJourney(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    const scripts = scriptsOf(page);
    await page.goto(url(seeded));
    expect(
      await page
        .locator('[data-island]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-island'))),
    ).toEqual(['NavIsland', 'ShareIsland', 'FooterIsland']);
    await shareRegion(page).getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => shareRegion(page).getByRole('status').textContent()).toBe('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    expect(scripts).toContain('hydrateIslands');
    expect(scripts.filter((name) => /^(ArticlePage|boot|HomePage)$/.test(name))).toEqual([]);
    // The navigation's link loads /services as a page of its own.
    const document = page.waitForRequest((r) => r.resourceType() === 'document');
    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    expect(new URL((await document).url()).pathname).toBe('/services');
    await page.waitForURL(url('/services'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px, before the islands hydrate, the menu opens and Copy link is held, then done', async () => {
    const { page, context, errors } = await startJourney(
      browser,
      { width: 375, height: 800 },
      { waitForHydration: false },
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    const release = await holdAppChunks(page, seeded);
    await page.goto(url(seeded));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect
      .poll(() => page.locator('[data-mobile-menu]').evaluate((el) => el.matches(':popover-open')))
      .toBe(true);
    await page.keyboard.press('Escape');
    await shareRegion(page).getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    expect(await shareRegion(page).getByRole('status').textContent()).toBe('');
    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect.poll(() => shareRegion(page).getByRole('status').textContent()).toBe('Link copied.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the session in the navigation island of an article page', () => {
  const password = 'islands-password-1';
  const fullName = 'Isla Reader';
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('islands');
    await createConfirmedUser(email, password, fullName);
  });

  it('sees their account menu in the navigation island, and signs out from it', async () => {
    const { page, context, errors } = await startJourney(browser);
    await signInAt(page, email, password, '/auth');
    await page.waitForURL((u) => u.pathname === '/welcome');
    // /welcome is loaded (from /auth, served as islands, signing in moves on with a page load) and has read the session.
    await menuTrigger(page, fullName).waitFor();
    const scripts = scriptsOf(page);
    await page.goto(url(seeded));
    await menuTrigger(page, fullName).waitFor();
    expect(scripts).toContain('hydrateIslands');
    expect(scripts.filter((name) => /^(ArticlePage|boot)$/.test(name))).toEqual([]);
    await signOutFromMenu(page, fullName);
    await navSignIn(page).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('who never signed in loads no session code; signing in in a second tab shows the account menu in the first', async () => {
    const { page, context, errors } = await startJourney(browser);
    const scripts = scriptsOf(page);
    await page.goto(url(seeded));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await navSignIn(page).waitFor();
    // Nothing on the page reads a session: neither the session machine nor supabase-js behind it loads.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((name) => /^(SessionRunner|effects)$/.test(name))).toEqual([]);
    const second = await context.newPage();
    await signInAt(second, email, password, '/auth');
    await second.waitForURL((u) => u.pathname === '/welcome');
    // The first tab hears of the stored session (the storage event), loads the session and shows the account menu.
    await menuTrigger(page, fullName).waitFor();
    expect(scripts).toContain('SessionRunner');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('/contact served as islands', () => {
  it('is whole as HTML with the navigation and the form as islands', async () => {
    const page = await served('/contact');
    expect(page.status).toBe(200);
    const body = bodyOf(page.text);
    expect(body).toContain('Opening hours: Monday to Friday');
    expect([...body.matchAll(/data-island="(\w+)"/g)].map((m) => m[1])).toEqual([
      'NavIsland',
      'ContactIsland',
      'FooterIsland',
    ]);
    const entry = /<script [^>]*data-modules="([^"]+)"[^>]*>/.exec(page.text);
    expect(entry?.[0]).toContain('data-start="islands"');
    expect(entry?.[1]).toMatch(/\/assets\/ContactIsland-/);
    // Prerendered: what the browser restores from history (a half-typed message) is kept, not reloaded away.
    expect(entry?.[0]).not.toContain('data-revalidate');
    expect(entry?.[1]).not.toMatch(/ContactPage-|boot-/);
  });

  it('at 375 px the form answers in the browser while the page’s own code never loads', async () => {
    const { page, context, errors } = await startJourney(browser, { width: 375, height: 800 });
    const scripts = scriptsOf(page);
    await page.goto(url('/contact'));
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Morag Sinclair');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Enter a subject', { exact: true }).waitFor();
    expect(await form.getByText('Enter your name', { exact: true }).count()).toBe(0);
    expect(scripts).toContain('ContactIsland');
    expect(scripts.filter((name) => /^(ContactPage|boot)$/.test(name))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The privacy notice's link, inside the island, loads its page.
    await page.getByRole('main').getByRole('link', { name: 'Read our privacy notice' }).click();
    await page.waitForURL((u) => u.pathname === '/privacy');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a form served as islands reads and keeps the address, with no router', () => {
  it('the package builder shows a linked package, keeps each change in the address in place, and hands it to the consultation form', async () => {
    const { page, context, errors } = await startJourney(browser);
    await page.goto(url('/service-packages?package=domain-hosting.essential.m.u8'));
    const before = await page.evaluate(() => history.length);
    const monthly = page.getByRole('table', { name: 'Monthly total' });
    await expect.poll(() => monthly.textContent()).toContain('£61.20');
    await page.getByLabel('E-mail mailboxes').fill('10');
    await expect.poll(() => monthly.textContent()).toContain('£72.00');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('package'))
      .toBe('domain-hosting.essential.m.u10');
    // Replaced, not added: Back leaves the page, as it does in the app.
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.reload();
    await expect.poll(() => monthly.textContent()).toContain('£72.00');
    await page.getByRole('link', { name: 'Request a consultation with this package' }).click();
    await page.waitForURL((u) => u.pathname === '/consultation-request');
    const form = page.getByRole('form', { name: 'Consultation request' });
    await form.getByText('Package attached').waitFor();
    await expect.poll(() => form.getByLabel('Domain & Hosting').isChecked()).toBe(true);
    // A link naming a service that does not exist says so and preselects nothing.
    await page.goto(url('/consultation-request?service=no-such-thing'));
    await form.getByText("We don't offer a service called 'no-such-thing'", { exact: false }).waitFor();
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(0);
    const missingSlots = /^HTTP 404 GET \S+\/functions\/v1\/consultation-slots\?/;
    expect(errors.filter((e) => !missingSlots.test(e))).toEqual([]);
    await context.close();
  });
  it("in the app (followed from /pricing once the app runs), the builder keeps the package in the router's address and hands it on", async () => {
    const { page, context, errors } = await startJourney(browser);
    await page.goto(url('/pricing'));
    // /pricing starts the app on interaction; a link followed then is a navigation within the app.
    await page.mouse.move(20, 20);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const samePage = () =>
      page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);
    await page.locator('main a[href="/service-packages"]').first().click();
    await page.waitForURL((u) => u.pathname === '/service-packages');
    const before = await page.evaluate(() => history.length);
    await page.getByLabel('Include Domain & Hosting').click();
    await page.getByLabel('E-mail mailboxes').fill('8');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('package'))
      .toBe('domain-hosting.essential.m.u8');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.getByRole('link', { name: 'Request a consultation with this package' }).click();
    await page.waitForURL((u) => u.pathname === '/consultation-request');
    const form = page.getByRole('form', { name: 'Consultation request' });
    await form.getByText('Package attached').waitFor();
    await expect.poll(() => form.getByLabel('Domain & Hosting').isChecked()).toBe(true);
    expect(await samePage()).toBe(true);
    const missingSlots = /^HTTP 404 GET \S+\/functions\/v1\/consultation-slots\?/;
    expect(errors.filter((e) => !missingSlots.test(e))).toEqual([]);
    await context.close();
  });
});

describe('every page served as islands', () => {
  const islandPages = routes.filter((route) => appStart(route) === 'islands');

  it.each(islandPages.map((route) => ({ path: route.path, page: route.page })))(
    '$path hydrates its islands and never loads $page or the app',
    async ({ path, page: pageName }) => {
      const html = await fetch(url(path)).then((res) => res.text());
      const names = [...bodyOf(html).matchAll(/data-island="(\w+)"/g)].map((m) => m[1]);
      expect(names[0]).toBe('NavIsland');
      expect(names.at(-1)).toBe('FooterIsland');
      expect(html).toContain('data-start="islands"');
      const { page, context, errors } = await startJourney(browser, { width: 375, height: 800 });
      const scripts = scriptsOf(page);
      await page.goto(url(path));
      expect(await page.locator('[data-island]').count()).toBe(names.length);
      expect(scripts).toContain('hydrateIslands');
      expect(scripts.filter((name) => name === pageName || name === 'boot')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
