// How every test and benchmark launches Chromium: Debian's build (never a downloaded one; CHROME_PATH names another),
// headless, with none of its own background traffic (component updates, sync, first-run pages), no sandbox (it runs
// as root in CI) and no GPU. Used by the stories (packages/ui/vitest.config.ts), the backend's social sign-in test,
// the web journeys and the benchmarks (apps/web/scripts/chromium.mjs, which adds what a server of many contexts needs).

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
