// Every public page in Chromium at 1280 and 375 px. Each page is loaded once per width, in a fresh context under the
// site's own Content-Security-Policy, and every per-page check runs on that one visit, in this order:
// - load: HTTP 200, no console error (hydration mismatches and failed requests show up there), never a loading
//   spinner (the served page holds its content, /auth/callback's failure without a code included);
// - head: title, canonical link, description, geo tags and the business's JSON-LD as the app keeps them, and an h1;
// - fit: nothing scrolls sideways;
// - csp: no Content-Security-Policy violation while the page loads and hydrates;
// - axe: no axe-core violation, before any interaction;
// - WCAG 2.2 (wcag-probes.ts): a visible skip link first that leads focus to <main>, focus never hidden under the
//   fixed navigation, 24 × 24 px targets (not on /auth/callback, which leaves at once for /auth).
// Each failure names the page, the width and the check; the served HTML (before any script) is served-html.test.ts.
import { describe, expect, it } from 'vitest';
import { headFor } from '@pentland/site-data';
import { startJourney, url } from './e2e.ts';
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

describe('every public page, loaded once per width, with every per-page check on that visit', () => {
  it.each(publicPaths.flatMap(({ path, route }) => viewports.map((viewport) => ({ path, route, viewport }))))(
    '$path at $viewport.width px: load, head, fit, CSP, axe and WCAG 2.2',
    async ({ path, route, viewport }) => {
      const where = `${path} @${viewport.width}`;
      const { page, context } = await startJourney(browser, {
        width: viewport.width,
        height: viewport.height,
      });
      try {
        if (viewport.visitedAt !== undefined) await page.clock.setSystemTime(viewport.visitedAt);
        const consoleErrors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        await page.addInitScript(watchPage);
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
      } finally {
        await context.close();
      }
    },
  );
});
