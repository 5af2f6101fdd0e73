import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth-machine',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each).
    maxWorkers: 2,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
