import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'premium',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each).
    maxWorkers: 2,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The backend test starts one local backend (PGlite); the rules tests need none.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
