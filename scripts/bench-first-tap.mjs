// Part of `pnpm bench:web`: what a page that starts its app on interaction (site-data's appStart) costs the visitor
// whose very first action is a tap that needs the app — the home page's menu toggle on a phone. Measured in Chromium
// with Lighthouse's mobile conditions (412×823, 4× CPU slowdown, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up)
// from the tap to the menu being shown, against a tap once the app runs.
import { launchBenchBrowser, median } from './bench-browser.mjs';

const conditions = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Median of the runs' milliseconds from the tap to the shown menu: the first tap (app not started) and a later one. */
export async function reportFirstTap({ base, chromePath, chromeFlags, runs = 5 }) {
  const browser = await launchBenchBrowser({ chromePath, chromeFlags });
  const first = [];
  const later = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', conditions);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      const toggle = page.getByRole('button', { name: /menu/i });
      const menu = page.locator('[data-mobile-menu]');
      const tapToggle = async (state) => {
        const box = await toggle.boundingBox();
        const t = Date.now();
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await menu.waitFor({ state, timeout: 30_000 });
        return Date.now() - t;
      };
      first.push(await tapToggle('visible'));
      // Closed again once the app runs (its state follows the menu), for a tap with the app in place.
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
      await tapToggle('hidden');
      later.push(await tapToggle('visible'));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nFirst tap on / (menu toggle) with mobile throttling, tap to menu shown, median of ${runs}: ` +
      `${median(first)} ms as the first action, app not started (${first.join(', ')}), ${median(later)} ms once it runs (${later.join(', ')})`,
  );
}
