#!/usr/bin/env node
// The README's two commands. Needs only Node 20 and npm: it installs pnpm, the workspace's
// dependencies and (for tests) Debian's Chromium and PostgreSQL when they are missing.
//   node scripts/quick.mjs start   install, build and start the site with its local backend
//   node scripts/quick.mjs test    install what is missing and run every test
import { spawnSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, readdirSync, mkdirSync, rmSync, statfsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootPackage.packageManager.split('@')[1];
/** The scripts a root script runs one after another (`pnpm run a && pnpm run b`): `typecheck` and `lint` are parts. */
const partsOf = (script) => [...rootPackage.scripts[script].matchAll(/pnpm run ([\w:]+)/g)].map((m) => m[1]);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function must(cmd, args, opts) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/**
 * Runs a command with its output held back (stdout and stderr in the order written): `{ code, output }` once it ends.
 */
function runHeld(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks) }));
  });
}

// Several commands at once, each one's output held back and printed whole when it ends (in the order given), so
// the logs do not interleave; exits with the first failure's code once all have ended.
async function mustAll(commands) {
  const results = await Promise.all(
    commands.map(async ([cmd, args]) => ({ cmd, args, ...(await runHeld(cmd, args)) })),
  );
  for (const { cmd, args, output } of results) {
    console.log(`\n• ${cmd} ${args.join(' ')}`);
    process.stdout.write(output);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.cmd} ${failed.args.join(' ')} failed (exit ${failed.code})`);
    process.exit(failed.code);
  }
}

function quiet(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: root });
  return r.status === 0 ? r.stdout.trim() : null;
}

function ensurePnpm() {
  if (quiet('pnpm', ['--version']) === pnpmVersion) return;
  console.log(`• installing pnpm ${pnpmVersion} with npm`);
  must('npm', ['install', '--global', `pnpm@${pnpmVersion}`, '--no-fund', '--no-audit']);
}

let aptUpdated = false;
function aptInstall(...pkgs) {
  if (!isRoot) {
    console.error(`✗ missing ${pkgs.join(' ')}: install them with apt-get (needs root)`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    must('apt-get', ['update', '-q'], { env });
    aptUpdated = true;
  }
  must('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...pkgs], { env });
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

function ensureTestTools() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  // The visual baselines and the site's metric-matched fallback for Inter are drawn with Liberation Sans (Arial's
  // metrics): without it Chromium falls back to DejaVu and text wraps differently.
  if (!existsSync('/usr/share/fonts/truetype/liberation')) missing.push('fonts-liberation');
  if (!postgresBin()) missing.push('postgresql');
  if (missing.length) {
    console.log(`• installing Debian packages: ${missing.join(' ')}`);
    aptInstall(...missing);
  }
}

function install() {
  ensurePnpm();
  must('pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
}

// Vitest's JSON reports are summed into closing lines that any CI can read: each failed test by file and name
// with the first line of its error, then the totals, so the end of a long log says what went wrong.
function summarise(files) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const f of files) {
    if (!existsSync(f)) continue;
    const r = JSON.parse(readFileSync(f, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTests ?? 0);
    for (const file of r.testResults ?? []) {
      const where = relative(root, file.name);
      const bad = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of bad) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (!bad.length && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  return { passed, failed, failures };
}

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** Linux's tmpfs (statfs f_type TMPFS_MAGIC). */
const tmpfsType = 0x01021994;

/**
 * The tests' scratch space (TMPDIR): a folder in memory when the machine has a tmpfs at /dev/shm with room to spare,
 * unless TMPDIR is set already. The tests write thousands of small files there: each local backend a copy of its
 * set-up database (about 1,100 files, 40 MB), PostgreSQL's throwaway cluster, Chromium's and Vite's temporary files.
 * On a disk each such copy cost 1.3-1.5 s of kernel time on this machine (ext4, a 2-core VM); in memory 0.1 s. The
 * folder is kept between runs, as the system temp directory would be, so the backends' set-up cache
 * (local-supabase's testSetupCache) is built once per machine boot.
 */
function scratchInMemory() {
  if (process.env.TMPDIR) return;
  const shm = '/dev/shm';
  try {
    const fs = statfsSync(shm);
    if (fs.type !== tmpfsType || fs.bavail * fs.bsize < 4 * 1024 ** 3) return;
  } catch {
    return;
  }
  const dir = join(shm, 'pentland-test');
  mkdirSync(dir, { recursive: true });
  // As /tmp: PostgreSQL's throwaway cluster runs as the `postgres` user when the tests run as root.
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  console.log(`• scratch files (TMPDIR) in memory: ${dir}`);
}

async function test() {
  install();
  ensureTestTools();
  scratchInMemory();
  // Side by side: the packages' builds (the site's is the web journeys' own, in their global setup, against their
  // backend), typecheck and lint, each in the parts its script runs one after another (package.json), so that both
  // cores stay busy to the end: as three commands, lint's tools ran one after another for its last 20 s with a core
  // idle. The builds write only dist/ folders, which the others ignore.
  await mustAll([
    ['pnpm', ['-r', '--filter=!pentland-cloud', '--filter=!@pentland/web', 'run', 'build']],
    ...[...partsOf('typecheck'), ...partsOf('lint')].map((script) => ['pnpm', ['run', script]]),
  ]);
  const out = join(root, '.vitest-results');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const reports = [];
  // One Vitest run. `held`: its output is kept back and printed whole when asked (a run beside another).
  const vitest = (name, extraEnv, extraArgs = [], { held = false } = {}) => {
    const file = join(out, `${name}.json`);
    reports.push(file);
    const args = [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...extraArgs,
    ];
    const env = { ...process.env, PG_BIN: postgresBin() ?? '', ...extraEnv };
    const heading = () => console.log(`\n• vitest: ${name}`);
    if (held)
      return runHeld('pnpm', args, env).then(({ code, output }) => ({
        code,
        print: () => {
          heading();
          process.stdout.write(output);
        },
      }));
    heading();
    return new Promise((resolve) => {
      const child = spawn('pnpm', args, { cwd: root, env, stdio: 'inherit' });
      child.on('error', (error) => resolve({ code: 1, print: () => console.error(String(error)) }));
      child.on('close', (code) => resolve({ code: code ?? 1, print: () => undefined }));
    });
  };
  // Beside the main run from its start, a second run on a real PostgreSQL, which its projects' global setup starts:
  // the backend's own suite a second time (the same API on both engines), and the product's backend tests (`backend`)
  // only there, on the engine hosted Supabase runs them on. The product on PGlite, the engine `npm start` runs, is
  // what the web journeys try; `backend` on PGlite as well cost 93 CPU-s for what the backend's suite already shows
  // on both engines. The main run's node group leaves about a fifth of the two cores idle (its projects' setups,
  // files that wait on timers and sockets); the Storybook group and the journeys after it keep both cores busy.
  const postgres = vitest(
    'local-supabase and backend (PostgreSQL)',
    { BACKEND_ENGINE: 'postgres' },
    ['--project', 'local-supabase', '--project', 'backend'],
    { held: true },
  );
  const main = await vitest('all but backend (PGlite)', {}, ['--project', '!backend']);
  const second = await postgres;
  second.print();
  const codes = [main.code, second.code];
  const { passed, failed, failures } = summarise(reports);
  const ok = codes.every((c) => c === 0);
  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

function start() {
  install();
  const child = spawn('pnpm', ['--filter', '@pentland/web', 'run', 'start'], { stdio: 'inherit', cwd: root });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const cmd = process.argv[2];
if (cmd === 'test') await test();
else if (cmd === 'start') start();
else {
  console.error('usage: node scripts/quick.mjs start|test');
  process.exit(2);
}
