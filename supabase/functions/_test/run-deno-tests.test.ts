// The server functions' Deno tests (supabase/functions/**/*.deno.test.ts) run under Deno — the runtime Supabase Edge
// runs them on — with the Deno binary of the `deno` npm package, offline (--cached-only: npm packages come from the
// workspace's node_modules). This file makes them part of `npm test`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const functionsDir = fileURLToPath(new URL('../', import.meta.url));

it('the functions pass their Deno tests', { timeout: 180_000 }, () => {
  const run = spawnSync(
    `${functionsDir}node_modules/.bin/deno`,
    [
      'test',
      '--cached-only',
      '--no-prompt',
      '--allow-env',
      '--allow-read=.,../../packages,../../node_modules',
    ],
    { cwd: functionsDir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  const summary = /ok \| (\d+) passed \| 0 failed/.exec(output);
  expect(summary, output).not.toBeNull();
  expect(Number(summary![1])).toBeGreaterThanOrEqual(8);
});
