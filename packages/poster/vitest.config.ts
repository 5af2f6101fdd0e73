import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'poster',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
