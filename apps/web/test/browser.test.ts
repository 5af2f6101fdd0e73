import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { checkoutContent } from '@pentland/premium';
import { headFor, providersContent, siteImages } from '@pentland/site-data';
import { holdAppChunks } from './e2e.ts';
import { baseUrl, headOf } from './helpers.ts';
import { browser } from './shared-browser.ts';

let context: BrowserContext;

beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});

interface Visit {
  page: Page;
  status: number | undefined;
  console: ConsoleMessage[];
  /** Whether a loading spinner was ever in the page. */
  spinnerSeen: () => Promise<boolean>;
}

async function visit(path: string, ctx: BrowserContext = context): Promise<Visit> {
  const page = await ctx.newPage();
  const messages: ConsoleMessage[] = [];
  page.on('console', (m) => messages.push(m));
  await page.addInitScript(() => {
    const w = window as unknown as { __spinnerSeen: boolean };
    w.__spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-page-spinner]')) w.__spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const res = await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
  return {
    page,
    status: res?.status(),
    console: messages,
    spinnerSeen: () => page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen),
  };
}

/**
 * On a page that is read rather than used, the app starts when the visitor begins to interact: a pointer
 * movement is enough. Resolves once it has hydrated.
 */
async function startApp(page: Page): Promise<void> {
  await page.mouse.move(20, 20);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const errorsOf = (messages: ConsoleMessage[]) =>
  messages.filter((m) => m.type() === 'error').map((m) => m.text());

// Every public route loaded in the browser (status, head, JSON-LD, console errors, spinner): public-pages.test.ts.
describe('navigation', () => {
  it('updates title, canonical link and JSON-LD without a reload', async () => {
    const { page, console } = await visit('/');
    await startApp(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('footer').getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL('**/pricing');
    await page.waitForFunction(() => document.title.startsWith('Pricing'));
    const head = await headOf(page);
    expect(head.canonical).toBe('https://pentlandcloud.co.uk/pricing');
    expect(head.jsonLd).toHaveLength(1);
    expect(JSON.parse(head.jsonLd[0]!)['@graph'][1].url).toBe('https://pentlandcloud.co.uk/pricing');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await page.locator('footer').getByRole('link', { name: 'Gaming Setup' }).click();
    await page.waitForFunction(() => document.title.startsWith('Gaming Setup'));
    await expect(page.locator('main h1').textContent()).resolves.toContain('Gaming Setup');
    expect(errorsOf(console)).toEqual([]);
    await page.close();
  });

  it('shows the not-found page with HTTP 404 for an unknown path, and no canonical link', async () => {
    const { page, status, console } = await visit('/no/such/page?x=1');
    expect(status).toBe(404);
    expect(await page.title()).toBe('Page Not Found | Pentland Cloud');
    await expect(page.locator('main h1').textContent()).resolves.toMatch(/not found/i);
    expect((await headOf(page)).canonical).toBeNull();
    expect(errorsOf(console).filter((t) => !t.includes('404'))).toEqual([]);
    await page.close();
  });

  it('client-renders a signed-in route from its shell: signed out, the guard asks to sign in', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __checkingSeen: boolean };
      w.__checkingSeen = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Checking authentication...')) w.__checkingSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(baseUrl() + '/welcome');
    expect(await page.title()).toBe(headFor('/welcome').title);
    await page.locator('main h1', { hasText: 'Authentication Required' }).waitFor();
    await expect(page.locator('main h1').textContent()).resolves.toBe('Authentication Required');
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome back' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __checkingSeen: boolean }).__checkingSeen)).toBe(
      true,
    );
    await expect(page.getByText('Dashboard Home', { exact: true }).count()).resolves.toBe(0);
    await page.close();
  });
});

describe('footer', () => {
  it('shows the current year in the copyright line', async () => {
    const { page } = await visit('/services');
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(page.locator('footer').textContent()).resolves.toContain(`© ${year} Pentland Cloud`);
    await page.close();
  });
});

describe('typeface', () => {
  it('renders text in the self-hosted Inter of the UI kit, not a system fallback', async () => {
    const { page } = await visit('/');
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight}`);
    });
    // One variable face for every weight the tokens use (400 to 700), and it has loaded.
    expect(loaded).toContain('Inter 400 700');
    await page.close();
  });
});

describe('mobile menu at 375×812', () => {
  it('opens with its groups, stays within 70% of the viewport and closes on navigation', async () => {
    const mobile = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const { page } = await visit('/', mobile);
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // The home page starts the app on the first touch; the tap on the toggle is held until it has hydrated.
    await toggle.click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('button[aria-expanded="true"]').waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const menu = page.locator('[data-mobile-menu]');
    for (const group of ['Main Pages', 'Contact', 'Get Started']) {
      await expect(menu.getByRole('heading', { name: group, exact: true }).isVisible()).resolves.toBe(true);
    }
    const box = await menu.boundingBox();
    expect(box!.height).toBeGreaterThan(100);
    expect(box!.height).toBeLessThanOrEqual(812 * 0.7 + 0.5);
    await menu.getByRole('link', { name: /Providers/ }).click();
    await page.waitForURL('**/providers');
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await mobile.close();
  });
});

describe('failures', () => {
  it('shows the global error screen when a page cannot load, and Refresh Page reloads', async () => {
    const { page } = await visit('/');
    await startApp(page);
    await page.route('**/assets/ProvidersPage-*.js', (r) => r.abort());
    await page.locator('footer').getByRole('link', { name: 'Providers' }).click();
    await page.getByText('Something went wrong', { exact: true }).waitFor();
    await page
      .getByText('We apologize for the inconvenience. Please try refreshing the page.', { exact: true })
      .waitFor();
    await page.unroute('**/assets/ProvidersPage-*.js');
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Refresh Page' }).click(),
    ]);
    await page.waitForFunction(
      (heading) => document.querySelector('main h1')?.textContent === heading,
      providersContent.heading,
    );
    expect(page.url()).toBe(`${baseUrl()}/providers`);
    await page.close();
  });

  it('logs uncaught errors and unhandled rejections to the console only', async () => {
    const { page, console } = await visit('/contact');
    // The handlers come with the app, which /contact starts after its first paint: on a loaded machine the
    // network can be quiet before then.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom in a timer');
      });
      void Promise.reject(new Error('rejected nowhere'));
    });
    const logged = (prefix: string, text: string) => () =>
      errorsOf(console).some((t) => t.includes(prefix) && t.includes(text));
    await expect.poll(logged('Uncaught error:', 'boom in a timer')).toBe(true);
    await expect.poll(logged('Unhandled promise rejection:', 'rejected nowhere')).toBe(true);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Contact Us');
    await expect(page.getByText('Something went wrong').count()).resolves.toBe(0);
    await page.close();
  });

  it('preloads the three site images at start; a failed one only logs a warning', async () => {
    const ctx = await browser.newContext();
    const requested: string[] = [];
    ctx.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await ctx.route(`**${siteImages.social}`, (r) => r.abort());
    // A signed-in page starts the app at load (it is not prerendered): signed out, it asks to sign in.
    const { page, console } = await visit('/dashboard', ctx);
    // The preloads start with the app, after the first paint: on a loaded machine that can follow a quiet network.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => requested, { timeout: 15_000 }).toContain(siteImages.logo);
    await expect.poll(() => requested, { timeout: 15_000 }).toContain(siteImages.social);
    await expect
      .poll(() => console.filter((m) => m.type() === 'warning').map((m) => m.text()), { timeout: 15_000 })
      .toContain(`Failed to preload image ${siteImages.social}`);
    // The hero as the home page's <picture> would choose it (AVIF in Chromium), not its JPEG fallback as well.
    expect(requested.filter((u) => /^\/images\/hero-highlands-\d+\.avif$/.test(u))).toHaveLength(1);
    expect(requested.filter((u) => u.startsWith('/images/hero-highlands-') && !u.endsWith('.avif'))).toEqual(
      [],
    );
    const warnings = console.filter((m) => m.type() === 'warning').map((m) => m.text());
    expect(warnings).toContain(`Failed to preload image ${siteImages.social}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Authentication Required');
    await ctx.close();
  });
});

describe('before the app has hydrated', () => {
  it('holds typing and a click on a form, replays the click once hydrated, and never submits the form natively', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const messages: ConsoleMessage[] = [];
    page.on('console', (m) => messages.push(m));
    // The app's code (the chunks the tiny entry script lists and loads after the first paint) arrives late, as on
    // a slow connection.
    const release = await holdAppChunks(page, '/contact');
    // Not until `load`: that may wait for the held scripts.
    await page.goto(baseUrl() + '/contact', { waitUntil: 'domcontentloaded' });
    // A native submission would load a new document, which would not carry this mark.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByLabel('Name');
    // Before: the field takes no typing (React would not know of it), the click on Send is held, not submitted.
    await expect(name.evaluate((el) => (el as HTMLInputElement).readOnly)).resolves.toBe(true);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).resolves.toBe(
      false,
    );
    // The page shows that the click is waiting: a progress cursor and a bar along the top edge.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).cursor)).resolves.toBe(
      'progress',
    );
    await expect(page.evaluate(() => getComputedStyle(document.body, '::before').height)).resolves.toBe(
      '3px',
    );
    expect(await form.getByText('Enter a subject', { exact: true }).count()).toBe(0);

    release();
    // Hydrated: the held click is replayed on the live form (its validation answers), on the same document.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await form.getByText('Enter a subject', { exact: true }).waitFor();
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).cursor)).resolves.toBe(
      'auto',
    );
    await expect(name.evaluate((el) => (el as HTMLInputElement).readOnly)).resolves.toBe(false);
    await name.fill('Morag Sinclair');
    await expect(name.inputValue()).resolves.toBe('Morag Sinclair');
    expect(page.url()).toBe(baseUrl() + '/contact');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(errorsOf(messages)).toEqual([]);
    await page.close();
  });
});

describe('a page that is read rather than used', () => {
  const scriptsOf = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    return scripts;
  };

  it('loads only the entry script until the visitor interacts, then starts the app on the same document', async () => {
    const page = await context.newPage();
    const messages: ConsoleMessage[] = [];
    page.on('console', (m) => messages.push(m));
    const scripts = scriptsOf(page);
    await page.goto(baseUrl() + '/services', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const entry = await page.locator('script[data-start="interaction"]').getAttribute('src');
    expect(scripts).toEqual([entry]);
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).resolves.toBe(
      false,
    );
    // The page is whole as HTML: its heading, its services and its links are there.
    await expect(page.locator('main h1').textContent()).resolves.toBe('Our services');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await startApp(page);
    expect(await page.evaluate(() => document.documentElement.dataset.appStart)).toBe('interaction');
    expect(scripts.length).toBeGreaterThan(5);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(errorsOf(messages)).toEqual([]);
    await page.close();
  });

  it('does not start for the articles band, served with its articles, but starts at once when the address has a query', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    expect(await page.locator('[data-needs-app]').count()).toBe(0);
    const bandTop = await page
      .locator('#latest-articles')
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // A screen tall enough that the band is less than a screen below it: the page still needs no app.
    await page.setViewportSize({ width: 1280, height: Math.ceil(bandTop / 2) + 50 });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(baseUrl() + '/pricing?checkout=cancelled');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.appStart)).toBe('query');
    // What the query asks for shows without any interaction.
    await page.getByText(checkoutContent.cancelled, { exact: true }).waitFor();
    await page.close();
  });

  it('opens the mobile menu before the app has started, and the app then follows it', async () => {
    const mobile = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await mobile.newPage();
    const release = await holdAppChunks(page, '/');
    await page.goto(baseUrl() + '/', { waitUntil: 'networkidle' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.tap();
    // The toggle opens the menu natively (a popover): its links are there while the app's code is still held back.
    const menu = page.locator('[data-mobile-menu]');
    await menu.getByRole('link', { name: /Providers/ }).waitFor();
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).resolves.toBe(
      false,
    );
    await expect(page.evaluate(() => document.documentElement.hasAttribute('data-input-held'))).resolves.toBe(
      false,
    );

    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Hydrated: the toggle says the menu is open, and Escape closes it with the toggle following.
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // A tap outside the open menu closes it too.
    await toggle.tap();
    await menu.waitFor();
    // On the page below the menu, somewhere that is not a link or button (the tap still reaches the page).
    const outside = await page.evaluate(() => {
      for (let y = window.innerHeight - 10; y > 0; y -= 10) {
        const el = document.elementFromPoint(20, y);
        if (el && !el.closest('a, button, [data-mobile-menu]')) return y;
      }
      return null;
    });
    expect(outside).not.toBeNull();
    await page.touchscreen.tap(20, outside!);
    await menu.waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await mobile.close();
  });

  it('starts at once for a visitor with a stored session', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // What supabase-js keeps under its storage key; the app reads and checks it once it has started.
    await page.addInitScript(() => localStorage.setItem('sb-127-auth-token', '{}'));
    await page.goto(baseUrl() + '/providers');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.appStart)).toBe('session');
    await ctx.close();
  });
});
