import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The product's backend tried from outside: supabase/tests and each server function's own tests beside it
// (supabase/functions/<name>/*.test.ts; the *.deno.test.ts files run under Deno instead). Each file starts its own
// local backend with supabase/ applied. BACKEND_ENGINE=postgres runs the same files on a throwaway PostgreSQL 15
// cluster (the backend's global setup).
export default defineProject({
  test: {
    name: 'backend',
    environment: 'node',
    dir: fileURLToPath(new URL('..', import.meta.url)),
    include: ['tests/**/*.test.ts', 'functions/**/*.test.ts'],
    // The Deno tests run under Deno, from run-deno-tests.test.ts, on either engine (they use no database).
    exclude: ['**/node_modules/**', 'functions/**/*.deno.test.ts'],
    globalSetup: [fileURLToPath(import.meta.resolve('@pentland/local-supabase/testing/postgres'))],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker imports the backend once for all its files instead of once per file. Each file starts its own
    // backend; what a file writes to process.env is put back when it ends (restore-env.ts).
    isolate: false,
    setupFiles: [fileURLToPath(new URL('restore-env.ts', import.meta.url))],
    // The first group, with the other node projects (same maxWorkers); the browser projects come after it.
    sequence: { groupOrder: 0 },
  },
});
