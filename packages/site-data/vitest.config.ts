import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site-data',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each).
    maxWorkers: 2,
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
