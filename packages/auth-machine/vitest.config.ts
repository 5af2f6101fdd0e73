import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth-machine',
    // Two files at a time (the unit projects share the first group; backend tests start a backend each), each
    // worker's files in one process (the root vitest.config.ts says why).
    maxWorkers: 2,
    isolate: false,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
