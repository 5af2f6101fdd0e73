// The E-Board display over many slides, in Chromium with Playwright's simulated clock: what can fail logically in a
// screen that runs for weeks — timers that pile up with each slide or read, or a second Realtime socket — checked
// over two simulated hours. The heap and the full 72 hours are the soak benchmark's (scripts/bench-display-soak.mjs).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countTimersAndSockets, type SoakCounts } from '../scripts/display-probe.mjs';
import { startJourney, url } from './e2e.ts';
import { holdLiveBoard, testSql } from './helpers.ts';
import { browser } from './shared-browser.ts';

const counts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __soak: () => SoakCounts }).__soak());

/**
 * The timers the page holds once what is in flight has landed: a Realtime heartbeat or a board read waiting for its
 * answer holds a timeout until the answer arrives (in real time, while the simulated clock stands still), so one
 * sample can count one more on a loaded machine. The fewest over a second of samples is what the page keeps; a timer
 * left behind by each slide would still add up to more than a hundred.
 */
async function timersKept(page: Page): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 6; i++) {
    const c = await counts(page);
    fewest = Math.min(fewest, c.timeouts + c.intervals);
    await page.waitForTimeout(200);
  }
  return fewest;
}

describe('E-Board display over many slides', () => {
  it('keeps the same timers and one open socket through two simulated hours of slides', async () => {
    // Its three approvals would each be a new entry every live screen jumps to, ahead of the one another journey's
    // screen is waiting for (display-stored's "catches up by itself" then waited over 45 s in two runs of three).
    await holdLiveBoard();
    for (const n of [1, 2, 3])
      await testSql(
        `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, status)
         values ($1, 'Round and round.', 'events', 'Soak Hall', 'soak-journey@example.test', 'approved')`,
        [`Slide ${n} ${Date.now()}`],
      );
    const { page, context, errors } = await startJourney(browser);
    await page.clock.install({ time: new Date('2026-10-24T20:00:00Z') });
    await page.addInitScript(countTimersAndSockets);
    await page.goto(url('/eboard-welcome?display=1'));
    const region = page.getByRole('region', { name: 'E-Board display' });
    await expect.poll(() => region.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Live');
    const position = () => region.getByText(/^\d+ of \d+$/).textContent();

    const minute = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await page.clock.fastForward(60_000);
        await page.waitForTimeout(20);
      }
    };
    await minute(10);
    const before = await counts(page);
    const keptBefore = await timersKept(page);
    const shownBefore = await position();
    await minute(110);
    const after = await counts(page);
    const keptAfter = await timersKept(page);
    expect(await position()).not.toBeNull();
    // The slides moved on (a slide change each simulated minute), and nothing accumulated meanwhile.
    expect(after.timersMade - before.timersMade).toBeGreaterThan(110);
    expect(keptAfter).toBeLessThanOrEqual(keptBefore);
    // Never a second socket. One sample may find none open: the simulated minutes can run out a Realtime heartbeat
    // whose answer travels in real time, and the client then replaces its socket; it is open again soon after.
    expect(after.sockets).toBeLessThanOrEqual(1);
    await expect.poll(async () => (await counts(page)).sockets).toBe(1);
    expect(shownBefore).toMatch(/^\d+ of \d+$/);
    await expect.poll(() => region.getByRole('status').textContent()).toBe('Live');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
