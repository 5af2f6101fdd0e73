#!/usr/bin/env node
// One form of relative import across the repository: the file itself, with its extension (`./x.ts`, `./X.tsx`,
// `./X.css.ts`, `../lib/y.mjs`). Deno (the server functions), Vite, Node and TypeScript (allowImportingTsExtensions
// with rewriteRelativeImportExtensions, so a build still emits `.js`) all resolve it the same way, with no guessing
// of extensions or index files. Run by `pnpm lint`; `--fix` rewrites the specifiers that resolve to one file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
// import … from '…', export … from '…', import '…', import('…'), vi.mock('…') / vi.importActual('…')
const specifierPattern =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|importActual|importMock)\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
const candidates = [
  '.ts',
  '.tsx',
  '.mts',
  '.mjs',
  '.js',
  '.d.ts',
  '/index.ts',
  '/index.tsx',
  '/index.mjs',
  '/index.js',
];

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The specifier naming the file `specifier` means from `fromFile`, or null if it names none (or several). */
export function fixedSpecifier(fromFile, specifierWithQuery) {
  // A bundler query (`?raw`, `?url`) is kept as it is; the path before it must name the file.
  const [specifier, query] = specifierWithQuery.split(/(?=\?)/);
  const wanted = fixedPath(fromFile, specifier);
  return wanted === null ? null : wanted + (query ?? '');
}

function fixedPath(fromFile, specifier) {
  const target = join(dirname(fromFile), specifier);
  if (isFile(target) && !target.endsWith('.d.ts')) return specifier;
  const base = specifier.replace(/\.(js|jsx|mjs)$/, '');
  const found = candidates
    .map((ext) => ({ ext, path: join(dirname(fromFile), base) + ext }))
    .filter(({ path }) => isFile(path));
  if (found.length === 0) return null;
  const { ext } = found[0];
  if (ext === '.d.ts') return null; // a declaration file is imported for its types as it is named
  return base + ext;
}

/** The problems (or, with fix, the rewritten text) of one file. */
export function checkFile(file, text, { fix = false } = {}) {
  const problems = [];
  const rewritten = text.replace(specifierPattern, (whole, lead, quote, specifier) => {
    const wanted = fixedSpecifier(file, specifier);
    if (wanted === specifier) return whole;
    if (wanted === null) {
      if (!isFile(join(dirname(file), specifier.replace(/\.js$/, '.d.ts')))) {
        problems.push(`${file}: '${specifier}' names no file`);
      }
      return whole;
    }
    problems.push(`${file}: '${specifier}' → '${wanted}'`);
    return fix ? `${lead}${quote}${wanted}${quote}` : whole;
  });
  return { problems, text: rewritten };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fix = process.argv.includes('--fix');
  const root = dirname(dirname(new URL(import.meta.url).pathname));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => sourceFile.test(path) && !path.endsWith('.d.ts') && existsSync(join(root, path)));
  let count = 0;
  const remaining = [];
  for (const path of files) {
    const absolute = join(root, path);
    const before = readFileSync(absolute, 'utf8');
    const { problems, text } = checkFile(absolute, before, { fix });
    if (fix && text !== before) {
      writeFileSync(absolute, text);
      count += 1;
    }
    for (const problem of problems) {
      if (!fix || problem.includes('names no file'))
        remaining.push(
          relative(root, problem.split(': ')[0]) + ': ' + problem.split(': ').slice(1).join(': '),
        );
    }
  }
  if (fix) console.log(`rewrote relative imports in ${count} files`);
  for (const line of remaining) console.error(`✗ ${line}`);
  if (remaining.length) {
    console.error(
      `${remaining.length} relative import(s) do not name their file with its extension (--fix rewrites them).`,
    );
    process.exitCode = 1;
  } else if (!fix) console.log(`relative imports in ${files.length} files name their files`);
}
