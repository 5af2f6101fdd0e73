import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site-data',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
