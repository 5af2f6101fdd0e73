// Every public page in Chromium at 1280 and 375 px. Each page is loaded once per width under the site's own
// Content-Security-Policy, as a visitor goes from page to page: one tab per width, the first page loaded cold and the
// others in the same tab (a fresh context for each visit cost about 1.3 CPU-seconds, a new renderer compiling every
// script again; a visit in the same tab about 0.25). Every per-page check runs on that one visit, in this order:
// - load: HTTP 200, no console error (hydration mismatches and failed requests show up there), never a loading
//   spinner (the served page holds its content, /auth/callback's failure without a code included);
// - head: title, canonical link, description, geo tags and the business's JSON-LD as the app keeps them, and an h1;
// - fit: nothing scrolls sideways;
// - csp: no Content-Security-Policy violation while the page loads and hydrates;
// - axe: no axe-core violation, before any interaction;
// - WCAG 2.2 (wcag-probes.ts): a visible skip link first that leads focus to <main>, focus never hidden under the
//   fixed navigation, 24 × 24 px targets (not on /auth/callback, which leaves at once for /auth).
// Each failure names the page, the width and the check; the served HTML (before any script) is served-html.test.ts.
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { headFor } from '@pentland/site-data';
import { screenshotDir, startJourney, url, type Journey } from './e2e.ts';
import { axeViolations, expectedBusinessFields, headOf, publicPaths, specBusinessFields } from './helpers.ts';
import { wcagProblems } from './wcag-probes.ts';
import { browser } from './shared-browser.ts';

// The phone visit is on next New Year's Day: a prerendered page is served for weeks after it was built (an article page
// from the cache), and what it shows of the date (the footer's year, a date field's first day, a calendar's month) must
// hydrate without a mismatch, then be the visitor's day, month and year.
const nextNewYear = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1, 12);
const viewports = [
  { width: 1280, height: 800, visitedAt: undefined },
  { width: 375, height: 812, visitedAt: nextNewYear },
];
type Viewport = (typeof viewports)[number];

/** In every document of the page, from its first script: each CSP violation, and whether a page spinner showed. */
function watchPage() {
  const w = window as unknown as { __violations: string[]; __spinnerSeen: boolean };
  w.__violations = [];
  w.__spinnerSeen = false;
  document.addEventListener('securitypolicyviolation', (e) =>
    w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
  );
  new MutationObserver(() => {
    if (document.querySelector('[data-page-spinner]')) w.__spinnerSeen = true;
  }).observe(document, { childList: true, subtree: true });
}

/** The tab of one width: its page, and the console errors of the visit under way (emptied before each visit). */
interface Tab {
  journey: Journey;
  consoleErrors: string[];
}
const tabs = new Map<number, Promise<Tab>>();

function tabFor(viewport: Viewport): Promise<Tab> {
  let tab = tabs.get(viewport.width);
  if (!tab) {
    tab = (async () => {
      const journey = await startJourney(
        browser,
        { width: viewport.width, height: viewport.height },
        { acrossTests: true },
      );
      const { page } = journey;
      if (viewport.visitedAt !== undefined) await page.clock.setSystemTime(viewport.visitedAt);
      await page.addInitScript(watchPage);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      return { journey, consoleErrors };
    })();
    tabs.set(viewport.width, tab);
  }
  return tab;
}

afterAll(async () => {
  for (const tab of tabs.values()) await (await tab).journey.context.close();
});

/** When the check fails, the tab's screenshot, as a journey of its own leaves one (startJourney). */
function screenshotOnFailure(page: Page, where: string) {
  onTestFailed(async () => {
    const file = `${screenshotDir}public-pages${where.replace(/[^\w.-]+/g, '_')}.png`;
    await page
      .screenshot({ path: file, fullPage: true })
      .then(() => console.error(`screenshot of the failing page: ${file}`))
      .catch(() => undefined);
  });
}

describe('every public page, loaded once per width, with every per-page check on that visit', () => {
  it.each(publicPaths.flatMap(({ path, route }) => viewports.map((viewport) => ({ path, route, viewport }))))(
    '$path at $viewport.width px: load, head, fit, CSP, axe and WCAG 2.2',
    async ({ path, route, viewport }) => {
      const where = `${path} @${viewport.width}`;
      const tab = await tabFor(viewport);
      const { page } = tab.journey;
      screenshotOnFailure(page, where);
      tab.consoleErrors.length = 0;
      const consoleErrors = tab.consoleErrors;
      const response = await page.goto(url(path), { waitUntil: 'networkidle' });
      const seen = () =>
        page.evaluate(() => {
          const w = window as unknown as { __violations: string[]; __spinnerSeen: boolean };
          return { __violations: w.__violations, __spinnerSeen: w.__spinnerSeen };
        });

      // load
      expect.soft(response?.status(), `${where} load: HTTP status`).toBe(200);
      expect.soft(consoleErrors, `${where} load: console errors`).toEqual([]);
      if (viewport.visitedAt !== undefined && (await page.locator('html[data-hydrated]').count()) > 0)
        expect
          .soft(await page.locator('footer').textContent(), `${where} load: the hydrated footer's year`)
          .toContain(`© ${new Date(viewport.visitedAt).getUTCFullYear()} `);
      // Article pages load their data.
      if (!path.startsWith('/articles/'))
        expect.soft((await seen()).__spinnerSeen, `${where} load: a page spinner showed`).toBe(false);

      // head
      const expected = headFor(path);
      const head = await headOf(page);
      expect.soft(head.title, `${where} head: title`).toBe(expected.title);
      expect.soft(head.canonical, `${where} head: canonical`).toBe(expected.canonical);
      expect.soft(head.description, `${where} head: description`).toBe(route.description);
      expect.soft(head.geo, `${where} head: geo tags`).toEqual({
        'geo.region': 'GB-HLD',
        'geo.placename': 'Thurso',
        'geo.position': '58.5936;-3.5221',
        ICBM: '58.5936, -3.5221',
      });
      expect.soft(head.jsonLd, `${where} head: one JSON-LD block`).toHaveLength(1);
      if (head.jsonLd[0] !== undefined)
        expect
          .soft(expectedBusinessFields(head.jsonLd[0]), `${where} head: the business's JSON-LD`)
          .toEqual(specBusinessFields);
      expect.soft(await page.locator('main h1').first().textContent(), `${where} head: h1`).toBeTruthy();

      // fit: nothing scrolls sideways
      expect
        .soft(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${where} fit: the page's width`,
        )
        .toBeLessThanOrEqual(viewport.width);

      // csp
      expect.soft((await seen()).__violations, `${where} csp: violations`).toEqual([]);

      // axe
      expect.soft(await axeViolations(page), `${where} axe`).toEqual([]);

      // WCAG 2.2: a skip link, focus not hidden, target size
      if (path !== '/auth/callback') {
        await page.locator('main').waitFor();
        expect.soft(await wcagProblems(page, where), `${where} WCAG 2.2`).toEqual([]);
      }
    },
  );
});
