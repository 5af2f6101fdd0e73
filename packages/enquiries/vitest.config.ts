import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'enquiries',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
