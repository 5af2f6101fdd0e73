// /eboard-welcome in Chromium: the board's entries are read after the first paint (the page is prerendered with the
// board loading), so the page must not move when they arrive — the browser's own layout-shift records (what
// Lighthouse's CLS sums) stay empty on a phone and on a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startJourney, url } from './e2e.ts';
import { connectBrowser } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Shift {
  value: number;
  hadRecentInput: boolean;
  moved: string[];
}

describe('/eboard-welcome', () => {
  it('does not move when the board’s entries arrive after the first paint (phone and desktop)', async () => {
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 800 },
    ]) {
      const { page, context, errors } = await startJourney(browser, viewport);
      await page.addInitScript(() => {
        const shifts: Shift[] = [];
        (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[])
            shifts.push({
              value: e.value,
              hadRecentInput: e.hadRecentInput,
              moved: (e.sources ?? []).map(
                (s) => `${s.node?.nodeName ?? '?'} ${(s.node?.textContent ?? '').trim().slice(0, 40)}`,
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(url('/eboard-welcome'));
      const board = page.getByRole('list', { name: 'On the E-Board now' });
      await board.getByRole('heading', { level: 3 }).first().waitFor();
      // The board's pictures too (their boxes are sized before they load).
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(
        () =>
          new Promise<Shift[]>((resolve) =>
            requestAnimationFrame(() =>
              setTimeout(() => resolve((window as unknown as { __shifts: Shift[] }).__shifts), 100),
            ),
          ),
      );
      const total = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
      expect(total, `${viewport.width} px: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
