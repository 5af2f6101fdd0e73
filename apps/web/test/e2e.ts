import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, onTestFailed, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { backend, baseUrl } from './helpers.ts';
import { takeTab } from './journey-tab.ts';

/** Where a failing journey leaves a screenshot of its page (gitignored). */
export const screenshotDir = fileURLToPath(new URL('../test-results/e2e/', import.meta.url));

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and HTTP errors (`HTTP <status> <method> <url>`) seen so far. */
  errors: string[];
}

/**
 * A browser context with no cookies and no storage, and its page, for one journey. When the test fails, the page's
 * screenshot is saved under test-results/e2e/ and its path printed. `waitForHydration: false` leaves `goto` and
 * `reload` as Playwright's own, for a test of what happens meanwhile.
 *
 * When the journey's test has passed (or the test closes the journey's context), its tab is emptied and kept for the
 * file's next journey: a new context and tab cost Chromium about 0.8 CPU-seconds more per journey than the same tab
 * emptied (a new renderer, and every script, font and image fetched and compiled again). Emptied means on about:blank,
 * with no cookie, no storage of any kind for the site's and the backend's origins (local and session storage,
 * IndexedDB, service workers, Cache Storage), no permission, no route, online, and none of the test's listeners; only the HTTP cache of
 * the site's hashed assets stays, as it would for a visitor. A journey whose test changed the context or the page in a
 * way that cannot be undone (init scripts, WebSocket routes, exposed functions, the clock, another page, a DevTools
 * session…) is closed instead. `acrossTests: true` keeps the journey for the file's later tests (it is closed with the
 * file's connection to Chromium, or by the file).
 */
export async function startJourney(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  {
    waitForHydration: waits = true,
    acrossTests = false,
  }: { waitForHydration?: boolean; acrossTests?: boolean } = {},
): Promise<Journey> {
  const tab = await takeTab(browser, (page, fresh) => waitForHydration(page, () => fresh.waitsForHydration));
  await tab.page.setViewportSize(viewport);
  // Fail with Playwright's message (what it waited for) well before the test's own timeout.
  tab.context.setDefaultTimeout(10_000);
  tab.waitsForHydration = waits;
  const { page } = tab;
  const errors: string[] = [];
  page.on('console', (m) => {
    // A failed request is reported below with its address.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('response', (r) => {
    // Chromium asks each origin for a favicon by itself (the backend's pages have none).
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico'))
      errors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const name = (expect.getState().currentTestName ?? 'journey').replace(/[^\w.-]+/g, '_').slice(0, 150);
  onTestFailed(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    const file = `${screenshotDir}${name}.png`;
    await page
      .screenshot({ path: file, fullPage: true })
      .then(() => console.error(`screenshot of the failing page: ${file} (at ${page.url()})`))
      .catch(() => undefined);
  });
  if (!acrossTests)
    onTestFinished(async ({ task }) => {
      // A failed test's tab stays as it is, for its screenshot, until the file ends.
      if (task.result?.state === 'pass') await tab.release();
    });
  return { context: tab.context, page, errors };
}

/**
 * After `goto` or `reload` ends on one of the site's pages that start the app at load, also waits until the app has
 * hydrated (`html[data-hydrated]`), as a person waits for the page to be ready: the app loads after the first paint, and
 * what is clicked before it has hydrated is held and replayed (tested on its own in browser.test.ts), so a journey
 * that acted at once would measure that delay, not the feature it is about.
 */
function waitForHydration(page: Page, waits: () => boolean): void {
  const ready = async () => {
    if (!waits() || !page.url().startsWith(baseUrl())) return;
    // A page that is read rather than used starts the app only when the visitor interacts (site-data's appStart):
    // it is ready as it arrives, and the journey's first action starts the app.
    const waitsForApp = await page
      .evaluate(
        () =>
          document.getElementById('root') !== null &&
          document.querySelector('script[data-start="interaction"]') === null,
      )
      .catch(() => false);
    if (waitsForApp)
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

export const url = (path: string) => baseUrl() + path;

/**
 * Holds back the app's code for `path` (the chunks its entry script lists) until the returned function is called,
 * as on a slow connection: the page stays as served, before hydration, for as long as a test needs.
 */
export async function holdAppChunks(page: Page, path: string): Promise<() => void> {
  const html = await (await fetch(url(path))).text();
  const appChunks = /data-modules="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
  expect(appChunks.length).toBeGreaterThan(0);
  let release!: () => void;
  const appMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (u) => appChunks.includes(u.pathname),
    async (route) => {
      await appMayLoad;
      await route.continue();
    },
  );
  return release;
}

/** The auth form (on /auth or embedded in a guard page). */
export const authForm = (page: Page): Locator => page.locator('section[data-mode]');

/**
 * Chooses, in the select labelled `label`, the first enabled option whose text is `option` (or matches it), once the
 * page offers it (a page may load its choices after it shows).
 */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  const matches = (text: string) => (typeof option === 'string' ? text === option : option.test(text));
  let labels: string[] = [];
  await expect
    .poll(
      async () => {
        labels = (await select.locator('option:not([disabled])').allTextContents()).map((t) => t.trim());
        return labels.some(matches);
      },
      { timeout: 10_000, message: `${label}: an option ${String(option)}` },
    )
    .toBe(true);
  await select.selectOption({ label: labels.find(matches)! });
}

export async function fillSignIn(form: Locator, email: string, password: string): Promise<void> {
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
}

export async function submitSignIn(form: Locator, email: string, password: string): Promise<void> {
  await fillSignIn(form, email, password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Opens `path` signed out, signs in on its embedded auth form and waits for the page to load. */
export async function signInAt(page: Page, email: string, password: string, path: string): Promise<void> {
  await page.goto(url(path));
  await submitSignIn(authForm(page), email, password);
  await page.waitForLoadState('load');
}

/** The seed's administrator signed in from /auth, on /welcome. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), 'admin@pentland.test', 'pentland-admin');
  await page.waitForURL((u) => u.pathname === '/welcome');
}

/** The user menu's trigger in the top navigation ('Account menu for <display name>'). */
export const menuTrigger = (page: Page, displayName: string): Locator =>
  page.getByRole('banner').getByRole('button', { name: `Account menu for ${displayName}`, exact: true });

/** The top navigation's 'Sign In' link (signed out). */
export const navSignIn = (page: Page): Locator =>
  page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });

/** Opens the user menu, clicks Sign Out and waits for the signed-out navigation. */
export async function signOutFromMenu(page: Page, displayName: string): Promise<void> {
  await menuTrigger(page, displayName).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await menu.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
  await menu.waitFor({ state: 'detached' });
  await navSignIn(page).waitFor();
}

const seenKey = (text: string) => `e2e-seen:${text}`;
const arrivedKey = (path: string) => `e2e-path:${path}`;

/** A time trackTexts stored in the page (null when it stored none). */
async function storedTime(page: Page, key: string): Promise<number | null> {
  const at = await page.evaluate((k) => localStorage.getItem(k), key);
  return at === null ? null : Number(at);
}

/**
 * From the first script of every document on, stores in localStorage the time (Date.now(), the same clock as the
 * test's) at which each text first appeared in the page, and when the page last arrived at each path (a new document,
 * or the app's own navigation through the History API). Both survive full-page navigations within the site, so a
 * delay from a message to the next page is measured in the page, from the moment the message was really shown to the
 * moment the path changed, however late the test looks (a loaded machine).
 */
export async function trackTexts(page: Page, texts: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const check = () => {
      let text: string | undefined;
      for (const t of watched) {
        const key = `e2e-seen:${t}`;
        if (localStorage.getItem(key) !== null) continue;
        text ??= document.body?.innerText ?? '';
        if (text.includes(t)) localStorage.setItem(key, String(Date.now()));
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    let path: string | undefined;
    const arrived = () => {
      if (location.pathname === path) return;
      path = location.pathname;
      try {
        localStorage.setItem(`e2e-path:${path}`, String(Date.now()));
      } catch {
        // A document without storage (about:blank).
      }
    };
    arrived();
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        arrived();
      };
    }
    addEventListener('popstate', arrived);
  }, texts);
}

/** When a tracked text first appeared (ms since the epoch), or null. */
export function textSeenAt(page: Page, text: string): Promise<number | null> {
  return storedTime(page, seenKey(text));
}

/** Forgets when the tracked texts appeared (before a step that shows one of them again). */
export async function forgetTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('e2e-seen:')) localStorage.removeItem(key);
  });
}

/**
 * Waits until the page's path is `path`, and returns the milliseconds between the moment `text` appeared in the page
 * and the moment the page arrived there, both as the page recorded them (trackTexts).
 */
export async function msFromTextToPath(page: Page, text: string, path: string): Promise<number> {
  await page.waitForURL((u) => u.pathname === path, { waitUntil: 'commit' });
  const shown = await textSeenAt(page, text);
  if (shown === null) throw new Error(`'${text}' was never recorded as shown`);
  const arrived = await storedTime(page, arrivedKey(path));
  if (arrived === null) throw new Error(`the arrival at ${path} was not recorded`);
  return arrived - shown;
}

/** An access token for a user, straight from the backend (password grant). */
export async function passwordToken(email: string, password: string): Promise<string> {
  const { url: backendUrl, anonKey } = backend();
  const res = await fetch(`${backendUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string; msg?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in of ${email} failed: ${res.status} ${body.msg}`);
  return body.access_token;
}
