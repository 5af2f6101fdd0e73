import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'enquiries',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each), each
    // worker's files in one process (the root vitest.config.ts says why).
    maxWorkers: 2,
    isolate: false,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
