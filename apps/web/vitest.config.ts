import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    // Last: the end-to-end suite starts its own backend and Chromium.
    sequence: { groupOrder: 3 },
    // Two journeys at a time: each makes its own accounts and data on the shared backend and looks only at those
    // (no whole-table counts, no changes to shared functions); the setup raises the per-address form limits once.
    maxWorkers: 2,
    fileParallelism: true,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A journey is several pages and round trips, two at a time on two cores: a minute each before it is called stuck.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
