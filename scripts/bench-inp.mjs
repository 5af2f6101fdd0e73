// Part of `pnpm bench:web`: Interaction to Next Paint of the first interactions on each page a visitor uses (a form,
// the package builder, the chat), in Chromium at 4× CPU slowdown on a 412 px phone viewport. Each page is loaded,
// its app left to start (html[data-hydrated]), and the visitor's first actions done: typing in the first field,
// choosing a consultation type, ticking a service, sending the chat's first question. The browser's own
// Event Timing API measures each interaction (every event sharing one interactionId, from the input to the next
// paint); a page's figure is its slowest interaction, the median of five runs (with three, one slow run on this
// 2-core machine moved a page's figure by 20–30 ms between benches). The target is 100 ms.
import { launchBenchBrowser, median } from './bench-browser.mjs';

const target = 100;

/** A tap on the first text field of the page's main area, then a few letters typed into it. */
async function typeInFirstField(page) {
  await page.getByRole('main').getByRole('textbox').first().click();
  await page.keyboard.type('Morag', { delay: 60 });
}

const journeys = [
  { path: '/contact', what: 'typing in the first field', act: typeInFirstField },
  { path: '/eboard-submissions', what: 'typing in the first field', act: typeInFirstField },
  { path: '/auth', what: 'typing in the first field', act: typeInFirstField },
  {
    path: '/consultation-request',
    what: 'typing the name, then choosing a consultation type (a tap on its card)',
    act: async (page) => {
      await typeInFirstField(page);
      // The types come from the backend; the first one's card, tapped as a visitor taps it.
      const first = page.getByRole('radiogroup', { name: 'Consultation type' }).getByRole('radio').first();
      await first.click();
      await page.waitForFunction(
        () => document.querySelector('input[name="consultationType"]:checked') !== null,
      );
    },
  },
  {
    path: '/service-packages',
    what: 'ticking the first service',
    act: async (page) => {
      await page.getByRole('main').getByRole('checkbox').first().click();
    },
  },
  {
    path: '/chat',
    what: "typing and sending the chat's first question",
    act: async (page) => {
      await page.getByRole('main').getByRole('textbox').first().click();
      await page.keyboard.type('Is VAT included?', { delay: 40 });
      await page.keyboard.press('Enter');
      // The answer appears in the transcript (a second list item after the question).
      await page.getByRole('main').getByRole('listitem').nth(1).waitFor({ timeout: 30_000 });
    },
  },
];

/** In the page, before the first action: keeps every Event Timing entry that belongs to an interaction. */
function observeInteractions() {
  const w = window;
  w.__interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) w.__interactions.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** Each interaction's duration (its slowest event), with the name of its first event, in order. */
function interactionsOf(entries) {
  const byId = new Map();
  for (const e of entries) {
    const seen = byId.get(e.id);
    if (!seen) byId.set(e.id, { name: e.name, duration: e.duration });
    else seen.duration = Math.max(seen.duration, e.duration);
  }
  return [...byId.values()];
}

/** `only`: the paths to measure (`--only=`), every page above when not given. */
export async function reportInp({ base, chromePath, chromeFlags, only, runs = 5 }) {
  const measured = journeys.filter(({ path }) => !only || only.includes(path));
  if (!measured.length) return;
  const browser = await launchBenchBrowser({ chromePath, chromeFlags });
  const rows = [];
  try {
    for (const { path, what, act } of measured) {
      const worst = [];
      let slowest = null;
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
        await page.evaluate(observeInteractions);
        await act(page);
        // Entries are delivered after the next paint; a few frames later all are in.
        await page.waitForTimeout(500);
        const interactions = interactionsOf(await page.evaluate(() => window.__interactions));
        // Interactions under 16 ms are not reported by the browser: they count as 16.
        const run = interactions.reduce((a, b) => (b.duration > a.duration ? b : a), {
          name: '—',
          duration: 16,
        });
        worst.push(run.duration);
        if (!slowest || run.duration > slowest.duration) slowest = run;
        await context.close();
      }
      rows.push({ path, what, inp: median(worst), runs: worst, slowest });
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nInteraction to Next Paint, first interactions after the app starts, 4× CPU slowdown, 412 px (Event Timing API; ` +
      `the slowest interaction of each run, median of ${runs}; target ≤ ${target} ms):`,
  );
  for (const r of rows)
    console.log(
      `  ${r.path.padEnd(24)}${`${r.inp} ms`.padStart(8)}  ${r.inp <= target ? 'met ' : 'OVER'}  ${r.what} ` +
        `(runs ${r.runs.join(', ')} ms; the slowest interaction began with ${r.slowest.name})`,
    );
}
