import { defineConfig } from 'vitest/config';

// One workspace run: each package and app brings its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'supabase/tests/vitest.config.ts'],
  },
});
