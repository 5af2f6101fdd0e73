import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'local-supabase',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The set-up cache is PGlite's (a backend on PostgreSQL sets up its own database): on the PostgreSQL run the file
    // would only build PGlite's migrations again, 26 s of the run's two cores. PGlite's thread is PGlite's too.
    exclude:
      process.env.BACKEND_ENGINE === 'postgres'
        ? ['**/node_modules/**', 'test/setup-cache.test.ts', 'test/pglite-thread.test.ts']
        : undefined,
    // BACKEND_ENGINE=postgres starts a throwaway PostgreSQL 15 cluster for the run; otherwise PGlite.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker imports the backend once for all its files instead of once per file: 321 s → 165 s for this
    // project on PGlite. Its files share no global state (each starts its own backend; none changes process.env,
    // globals or timers), unlike the backend project's function tests, which set AI_* variables and stay isolated.
    isolate: false,
    // The first group, with the other node projects (same maxWorkers): their files fill each other's idle slots
    // instead of each project waiting for the previous one's slowest file. The browser projects come after it.
    sequence: { groupOrder: 0 },
  },
});
