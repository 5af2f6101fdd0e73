import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'articles',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each).
    maxWorkers: 2,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The backend tests start one local backend each (PGlite); the unit tests need none.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
