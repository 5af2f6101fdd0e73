import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'chat',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each), each
    // worker's files in one process (the root vitest.config.ts says why).
    maxWorkers: 2,
    isolate: false,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The function tests start one local backend (PGlite); the unit tests need none.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
