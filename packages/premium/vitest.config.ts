import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'premium',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
