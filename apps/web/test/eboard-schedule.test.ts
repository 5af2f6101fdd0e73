// An E-Board entry's schedule in Chromium against the local backend: an administrator gives an approved entry
// time-of-day windows and its own seconds on /eboard-dashboard; the preview there says what the board shows at a
// chosen day and time (UK); a schedule that never meets the display dates is refused with the reason and nothing
// changes. The display itself, under Playwright's simulated clock, shows the entry only inside its windows and for
// its own seconds.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { choose, signInAsAdmin, startJourney, url } from './e2e.ts';
import { holdLiveBoard, testSql } from './helpers.ts';
import { browser } from './shared-browser.ts';

/**
 * An approved entry on the board every day (no display dates), optionally already scheduled; approved now, so the
 * newest on the board (which holds the 50 most recently approved) whatever other journeys left there.
 */
async function approvedEntry(title: string, schedule: unknown = null, seconds: number | null = null) {
  const [row] = await testSql<{ id: string; reference: string }>(
    `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, status,
       schedule, display_seconds, moderated_at)
     values ($1, 'Coffee and a talk before work.', 'business', 'Thurso Business Network',
       'schedule-journey@example.test', 'approved', $2, $3, now())
     returning id, reference`,
    [title, schedule === null ? null : JSON.stringify(schedule), seconds],
  );
  return row!;
}

describe('E-Board schedule', () => {
  it('an administrator sets weekday windows and seconds; the preview follows them; a schedule off its dates is refused', async () => {
    // Its approvals are new entries every live screen jumps to (holdLiveBoard), ahead of what another journey's waits for.
    await holdLiveBoard();
    const title = `Breakfast briefing ${Date.now()}`;
    const { id, reference } = await approvedEntry(title);
    const admin = await startJourney(browser);
    await signInAsAdmin(admin.page);
    await admin.page.goto(url('/eboard-dashboard'));
    await choose(admin.page, 'Show', 'Approved');
    await admin.page.getByRole('button', { name: `Edit ${reference}` }).click();
    const editor = admin.page.getByRole('region', { name: `Edit ${reference}` });

    // Weekday mornings, 20 seconds each time round.
    await editor.getByRole('button', { name: 'Add a time window' }).click();
    const days = editor.getByRole('group', { name: 'Days of window 1' });
    expect(
      await days.getByRole('button', { pressed: true }).evaluateAll((b) => b.map((x) => x.textContent)),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    await editor.getByLabel('From', { exact: true }).fill('07:00');
    await editor.getByLabel('To', { exact: true }).fill('10:00');
    await editor.getByLabel('Seconds on screen').fill('20');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText('Entry saved.').waitFor();
    await editor.waitFor({ state: 'detached' });
    const saved = async () =>
      (
        await testSql<{ schedule: unknown; display_seconds: number | null; display_from: string | null }>(
          `select schedule, display_seconds, display_from::text from public.eboard_submissions where id = $1`,
          [id],
        )
      )[0]!;
    expect(await saved()).toEqual({
      schedule: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' }],
      display_seconds: 20,
      display_from: null,
    });

    // The preview: on a Monday at 08:00 the board shows it, with its seconds and windows; not at 10:30, nor on a
    // Saturday; and after the clocks go forward (Sunday 28 March 2027) its window keeps its UK times.
    const preview = admin.page.getByRole('region', { name: 'Preview the board' });
    const then = preview.getByLabel('What the board shows then');
    const at = async (day: string, time: string) => {
      await preview.getByLabel('Day', { exact: true }).fill(day);
      await preview.getByLabel('Time (UK)').fill(time);
      await then
        .getByText(new RegExp(` at ${time}`))
        .first()
        .waitFor();
      return then.getByRole('listitem').filter({ hasText: title });
    };
    const shown = await at('2026-12-07', '08:00');
    await expect.poll(() => shown.count()).toBe(1);
    expect(await then.textContent()).toContain('Monday 7 December 2026 at 08:00');
    expect(await shown.textContent()).toContain(`${reference} · 20 s · Mon–Fri 07:00–10:00`);
    await expect.poll(async () => (await at('2026-12-07', '10:30')).count()).toBe(0);
    await expect.poll(async () => (await at('2026-12-12', '08:00')).count()).toBe(0);
    await expect.poll(async () => (await at('2027-03-29', '07:30')).count()).toBe(1);
    await expect.poll(async () => (await at('2027-03-29', '06:30')).count()).toBe(0);

    // Display dates on a weekend only: the weekday window never opens then. Refused with the reason; nothing changes.
    await admin.page.getByRole('button', { name: `Edit ${reference}` }).click();
    await editor.getByLabel('First day').fill('2026-12-12');
    await editor.getByLabel('Last day').fill('2026-12-13');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await admin.page
      .getByText(
        'This schedule never opens on the display dates — choose days or times that fall within them',
      )
      .waitFor();
    await editor.waitFor();
    expect((await saved()).display_from).toBeNull();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  }, 120_000);

  it('the display shows an entry only inside its windows (UK time), each time for its own seconds', async () => {
    // Another journey's approval would take this screen off the entry before its seconds are up (it did, in one run
    // of three beside the other display journeys).
    await holdLiveBoard();
    const title = `Morning notice ${Date.now()}`;
    const { id } = await approvedEntry(
      title,
      [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' }],
      20,
    );
    const display = await startJourney(browser);
    // Monday 7 December 2026, just before 08:00 in London (GMT); the clock then stands still between the steps below.
    await display.page.clock.install({ time: new Date('2026-12-07T07:59:00Z') });
    await display.page.goto(url('/eboard-welcome?display=1'));
    const region = display.page.getByRole('region', { name: 'E-Board display' });
    await expect.poll(() => region.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Live');
    await display.page.clock.pauseAt(new Date('2026-12-07T08:00:00Z'));
    const current = () => region.locator('article[data-entry]').getAttribute('data-entry');
    const total = async () =>
      Number(/of (\d+)$/.exec((await region.getByText(/^\d+ of \d+$/).textContent())!)![1]);
    /** Moves the simulated clock on; fastForward fires each timer then due once (at most one slide change). */
    const wait = async (ms: number) => {
      await display.page.clock.fastForward(ms);
      // React renders in real time (a message channel the simulated clock leaves alone), then sets the next slide's.
      await display.page.waitForTimeout(100);
    };
    const progress: Locator = region.getByRole('progressbar', { name: 'Time until the next entry' });

    // Inside the window: it comes round (a slide change starts it), and stays its 20 seconds, not the display's 12.
    const n = await total();
    expect(n).toBeGreaterThan(1);
    let turns = 0;
    do await wait(121_000);
    while ((await current()) !== id && ++turns <= n);
    expect(await current()).toBe(id);
    expect(await progress.getAttribute('aria-valuemax')).toBe('20');
    await wait(18_000);
    expect(await current()).toBe(id);
    await wait(3_000);
    expect(await current()).not.toBe(id);

    // At 10:30 its window has closed: a whole round without it.
    await wait(2.5 * 3_600_000);
    const after = await total();
    for (let i = 0; i <= after; i++) {
      expect(await current()).not.toBe(id);
      await wait(121_000);
    }
    expect(display.errors).toEqual([]);
    await display.context.close();
  }, 120_000);
});
