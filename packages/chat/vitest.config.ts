import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'chat',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The function tests start one local backend (PGlite); the unit tests need none.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
