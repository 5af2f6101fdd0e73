// What the benchmarks that drive Chromium through Playwright share (bench-first-tap, bench-inp, bench-poster).
import { chromium } from 'playwright-core';

/** The system Chromium with bench:web's flags (Playwright adds its own headless flag). */
export function launchBenchBrowser({ chromePath, chromeFlags }) {
  return chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((f) => f !== '--headless=new'),
  });
}

/** The middle value of the runs (the upper middle one for an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
