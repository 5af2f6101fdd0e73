import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'articles',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The backend tests start one local backend each (PGlite); the unit tests need none.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
