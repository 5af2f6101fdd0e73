import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth-machine',
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
