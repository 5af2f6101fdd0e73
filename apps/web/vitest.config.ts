import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    // Last: the end-to-end suite starts its own backend and Chromium.
    sequence: { groupOrder: 3 },
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
