import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    // Last: the end-to-end suite starts its own backend and Chromium.
    sequence: { groupOrder: 3 },
    // Three journeys at a time: each makes its own accounts and data on the shared backend and looks only at those
    // (no whole-table counts, no changes to shared functions); the setup raises the per-address form limits once.
    // Two at a time left a fifth of the two cores idle while both journeys waited (network idle, timers, the
    // backend); with three the cores stay busy.
    maxWorkers: 3,
    fileParallelism: true,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Each worker imports Playwright, jsdom, axe-core and supabase-js once for all the files it runs instead of once
    // per file (each in a new process). The files share no module state but counters for unique names; each file's
    // connection to Chromium is its own (setup.ts).
    isolate: false,
    // A journey is several pages and round trips, three at a time on two cores: a minute each before it is called stuck.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
