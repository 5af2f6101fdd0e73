import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'local-supabase',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // BACKEND_ENGINE=postgres starts a throwaway PostgreSQL 15 cluster for the run; otherwise PGlite.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Its own group (Vitest requires one per maxWorkers setting); groups run one after another.
    sequence: { groupOrder: 1 },
  },
});
