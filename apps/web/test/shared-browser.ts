// The journeys' Chromium, launched once by the global setup. Each test file is connected to it before its tests and
// disconnected after them (setup.ts, a setup file, which Vitest runs for every file, also when a worker runs several);
// disconnecting closes the contexts the file left open. `browser` is a live binding: read it inside tests and hooks,
// not at import time.
import type { Browser } from 'playwright-core';
import { connectBrowser } from './helpers.ts';

export let browser: Browser;

/** Connects `browser` for the test file about to run. */
export async function connectSharedBrowser(): Promise<void> {
  browser = await connectBrowser();
}

/** Disconnects it once the file's tests have run. */
export async function disconnectSharedBrowser(): Promise<void> {
  await browser?.close();
}
