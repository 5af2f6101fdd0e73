// The journeys' Chromium, launched once by the global setup: a test file that imports `browser` is connected to it
// before its tests and disconnected after them (the hooks below join the importing file's own). `browser` is a live
// binding: read it inside tests and hooks, not at import time.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser } from './helpers.ts';

export let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});
