import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'account',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
