// How the journeys and the benchmarks launch Chromium: the repository's path and flags (scripts/chromium.mjs), and
// for a server that opens many contexts, less browser UI. Used by the journeys' global setup, the display's soak
// benchmark and `pnpm bench:web`.
import { readFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';

export { chromiumArgs, chromiumPath };

// Browser UI that a headless test never shows. Chromium 156 preloads the address bar's suggestion popup, a WebUI page,
// in a renderer of its own for every new window, and Playwright opens a window for each browser context: about
// 1 CPU-s per context on this machine, more than the site's own page costs to load.
const featuresOff = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's launch options for a server that opens many contexts (the journeys): `chromiumArgs` with
 * `featuresOff` turned off too. Chromium keeps only the last `--disable-features` switch and Playwright passes a list
 * of its own, so a first launch reads Playwright's list off the browser's command line (Linux's /proc) and the
 * options replace it with the list extended. Where it cannot be read, the options are `chromiumArgs` alone.
 * @param {import('playwright-core').BrowserType} browserType
 */
export async function chromiumServerOptions(browserType) {
  const plain = { executablePath: chromiumPath, args: chromiumArgs, headless: true };
  const probe = await browserType.launchServer(plain);
  let playwrights;
  try {
    const pid = probe.process().pid;
    playwrights = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .find((arg) => arg.startsWith('--disable-features='));
  } catch {
    // Not Linux: Playwright's list stays, and the popup with it.
  } finally {
    await probe.close();
  }
  if (!playwrights) return plain;
  const features = [...playwrights.slice('--disable-features='.length).split(','), ...featuresOff];
  return {
    ...plain,
    ignoreDefaultArgs: [playwrights],
    args: [...chromiumArgs, `--disable-features=${features}`],
  };
}
