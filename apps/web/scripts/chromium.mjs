// How the tests and benchmarks launch Chromium: Debian's build (never a downloaded one; CHROME_PATH names another),
// headless, with none of its own background traffic (component updates, sync, first-run pages), no sandbox (it runs
// as root in CI) and no GPU. Used by the journeys' global setup, the display's soak benchmark and `pnpm bench:web`.
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
