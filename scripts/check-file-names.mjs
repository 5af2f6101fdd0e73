#!/usr/bin/env node
// One naming rule per kind of file, checked over every file git tracks (run by `pnpm lint`):
//   - components (a .tsx module whose name starts with a capital) and their .css.ts and .stories.tsx: PascalCase;
//   - every other source module (.ts, .tsx, .mjs, .js under a package's or the app's source, and the server
//     functions' modules): camelCase (one lower-case word is camelCase too);
//   - tests and their helpers, scripts and benchmarks: kebab-case (`backend.test.ts`, `bench-web.mjs`);
//   - server function folders: kebab-case, as the Functions URL names them (`/functions/v1/submit-contact`).
// Declaration files (`vite-env.d.ts`) and tool configuration files (`vitest.config.ts`) keep their tools' names.
import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

const pascal = /^[A-Z][A-Za-z0-9]*$/;
const camel = /^[a-z][A-Za-z0-9]*$/;
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const source = /\.(ts|tsx|mjs|js|cjs)$/;
const isTest = (path) => /\.test\.tsx?$/.test(path);
const isScriptOrBench = (path) => /(^|\/)(scripts|bench|bin)\//.test(path);
const isTestHelper = (path) => /(^|\/)(test|tests|_test)\//.test(path);
const isToolFile = (name) =>
  /\.d\.ts$/.test(name) || /\.config\.(ts|mjs|js|cjs)$/.test(name) || name.startsWith('.');

/** The rule a tracked path must follow, or null where no rule applies. */
export function ruleFor(path) {
  const name = basename(path);
  if (!source.test(name) || isToolFile(name)) return null;
  if (isTest(path))
    return {
      kind: 'test',
      stem: name.replace(/(\.deno)?\.test\.tsx?$/, ''),
      pattern: kebab,
      want: 'kebab-case',
    };
  if (isScriptOrBench(path))
    return { kind: 'script', stem: name.replace(source, ''), pattern: kebab, want: 'kebab-case' };
  if (/\.stories\.tsx$/.test(name))
    return { kind: 'story', stem: name.replace(/\.stories\.tsx$/, ''), pattern: pascal, want: 'PascalCase' };
  const stem = name
    .replace(/(\.stories)?\.css\.ts$/, '')
    .replace(/\.setup\.ts$/, '')
    .replace(source, '');
  if (isTestHelper(path)) return { kind: 'test helper', stem, pattern: kebab, want: 'kebab-case' };
  if (/^[A-Z]/.test(stem)) return { kind: 'component', stem, pattern: pascal, want: 'PascalCase' };
  return { kind: 'module', stem, pattern: camel, want: 'camelCase' };
}

/** The problems of a list of tracked paths, one line each. */
export function checkFileNames(paths) {
  const problems = [];
  const functionFolders = new Set();
  for (const path of paths) {
    const fn = /^supabase\/functions\/([^/]+)\//.exec(path);
    if (fn && !fn[1].startsWith('_') && !fn[1].startsWith('.')) functionFolders.add(fn[1]);
    if (/(^|\/)node_modules\//.test(path)) continue;
    const rule = ruleFor(path);
    if (rule && !rule.pattern.test(rule.stem))
      problems.push(`${path}: a ${rule.kind} is named in ${rule.want}`);
  }
  for (const folder of functionFolders) {
    if (!kebab.test(folder))
      problems.push(`supabase/functions/${folder}: a function folder is named in kebab-case`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = dirname(dirname(new URL(import.meta.url).pathname));
  const paths = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const problems = checkFileNames(paths);
  for (const line of problems) console.error(`✗ ${line}`);
  if (problems.length) {
    console.error(`${problems.length} file name(s) break the naming rule (scripts/check-file-names.mjs).`);
    process.exit(1);
  }
  console.log(`${paths.filter((p) => ruleFor(p)).length} file names follow the naming rule`);
}
