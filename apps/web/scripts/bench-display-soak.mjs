#!/usr/bin/env node
// The E-Board display's soak benchmark (a benchmark, not a test): /eboard-welcome?display=1 with a registered display's
// key runs in Chromium under Playwright's simulated clock (page.clock) through 72 hours — a minute per step, the
// board changed every few hours (entries approved, edited, removed, one with time-of-day windows), three midnights,
// the clocks going back (Europe/London, 25 October 2026) and two backend restarts — while the real backend, site and
// Realtime socket answer. Each simulated hour, after a forced garbage collection, it reads the heap (CDP
// Runtime.getHeapUsage), the DOM nodes and listeners, the page's active timeouts and intervals (setTimeout and
// setInterval counted by an init script) and its open WebSockets, and at the end compares them with the first hour:
// the heap within 10 %, no more timers than then, one open socket. It prints one line per hour and a verdict, and
// exits 1 when a target is missed.
// Usage: pnpm --filter @pentland/web bench:display-soak [--hours=72] [--step=60] [--no-build] [--port=54392] [--budget=600]
//   [--snapshots=<dir>]
// (--no-build reuses the last build in $TMPDIR/pentland-display-soak when it was made for the same backend port;
// --budget: stop after that many seconds of real time, reporting how far it got.) Everything listens on loopback.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createSiteServer } from './serve.mjs';
import { countTimersAndSockets } from './display-probe.mjs';
import { pointSeedImagesAt } from './local-backend.mjs';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const hours = Number(arg('hours', '72'));
const port = Number(arg('port', '54392'));
const budgetMs = Number(arg('budget', '600')) * 1000;
const build = !process.argv.includes('--no-build');
/** --snapshots=<dir>: writes heap snapshots of the first hour and the last there, to compare in DevTools. */
const snapshots = arg('snapshots', null);

/**
 * Each step moves the simulated clock one minute with Playwright's fastForward, which fires every timer then due at
 * most once, as a screen waking from sleep would: one slide change (the display's slides are 12 s; a timeout per
 * slide), one Realtime heartbeat, one check of the clock; a board read every 5 steps, a display heartbeat every step.
 */
const stepMs = Number(arg('step', '60')) * 1000;
const stepsPerHour = 3_600_000 / stepMs;
/** Friday 23 October 2026, 18:00 in London (BST): the run passes three midnights and the clocks going back. */
const start = new Date('2026-10-23T17:00:00Z');
/** Real time each simulated step leaves for the page's network (Realtime heartbeat replies, reads). */
const settleMs = 10;
const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// 1. The local backend (PGlite, seeded) on a fixed loopback port, so a build made for it can be reused.
const { tsImport } = await import('tsx/esm/api');
const { startBackend } = await tsImport('../../../packages/local-supabase/src/server.ts', import.meta.url);
const dataDir = mkdtempSync(join(tmpdir(), 'pentland-display-soak-data-'));
const startIt = () => startBackend({ host: '127.0.0.1', port, dataDir });
let backend = await startIt();
await pointSeedImagesAt(backend.db, backend.url);
const sql = (text, params = []) => backend.db.query(text, params).then((r) => r.rows);

// 2. The site, built against it.
const buildDir = join(tmpdir(), 'pentland-display-soak');
const siteDir = join(buildDir, 'site');
const ssrDir = join(buildDir, 'ssr');
const stamp = join(buildDir, 'built-for.json');
const builtFor = existsSync(stamp) ? JSON.parse(readFileSync(stamp, 'utf8')).url : null;
if (build || builtFor !== backend.url) {
  console.log(`• building apps/web for ${backend.url} into ${buildDir}`);
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(buildDir, { recursive: true });
  // The server render imports the app's dependencies: resolved through the app's node_modules.
  symlinkSync(join(appDir, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
  const env = { ...process.env, VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_ANON_KEY: backend.anonKey };
  const steps = [
    ['pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn', '--outDir', siteDir, '--emptyOutDir']],
    [
      'pnpm',
      ['exec', 'vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entryServer.tsx', '--outDir', ssrDir],
    ],
    [process.execPath, ['scripts/prerender.mjs', siteDir, ssrDir]],
  ];
  for (const [command, args] of steps) {
    const run = spawnSync(command, args, { cwd: appDir, env, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, JSON.stringify({ url: backend.url }));
}
const site = createSiteServer({ root: siteDir });
const origin = await new Promise((resolve) =>
  site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${site.address().port}`)),
);

// 3. The board and a registered display (its key kept only hashed, as register_eboard_display keeps it).
let made = 0;
async function approve(extra = {}) {
  made += 1;
  const [row] = await sql(
    `insert into public.eboard_submissions (title, description, category, contact_name, contact_email, status,
       schedule, display_seconds)
     values ($1, 'A notice on the soak board.', 'events', 'Soak Hall', 'soak@example.test', 'approved', $2, $3)
     returning id`,
    [`Soak notice ${made}`, extra.schedule ? JSON.stringify(extra.schedule) : null, extra.seconds ?? null],
  );
  return row.id;
}
const board = [];
for (let i = 0; i < 3; i++) board.push(await approve());
// Weekday mornings only: it comes and goes with the London clock, across the clock change.
board.push(
  await approve({ schedule: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '10:00' }] }),
);
const key = randomBytes(32).toString('hex');
const [display] = await sql(
  `insert into public.eboard_displays (name, location, key_hash) values ('Soak screen', 'Bench', $1) returning id`,
  [createHash('sha256').update(key).digest('hex')],
);

/** Every few simulated hours the board changes; twice the backend restarts. */
const events = new Map([
  [5, 'approve'],
  [11, 'edit'],
  [17, 'remove'],
  [23, 'approve'],
  [30, 'restart'],
  [35, 'edit'],
  [41, 'remove'],
  [47, 'approve'],
  [53, 'edit'],
  [60, 'restart'],
  [65, 'remove'],
  [70, 'approve'],
]);
async function boardEvent(kind) {
  if (kind === 'approve') board.push(await approve({ seconds: 20 }));
  else if (kind === 'edit')
    await sql(`update public.eboard_submissions set title = title || ' (edited)' where id = $1`, [board[0]]);
  else if (kind === 'remove')
    await sql('delete from public.eboard_submissions where id = $1', [board.shift()]);
}

// 4. Chromium with the simulated clock, then the counting init script (installed after the clock, so it wraps the
// simulated setTimeout and setInterval the page calls).
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: chromeFlags,
  headless: true,
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
await page.clock.install({ time: start });
await page.addInitScript(countTimersAndSockets);

const cdp = await context.newCDPSession(page);
await cdp.send('Performance.enable');
const region = page.getByRole('region', { name: 'E-Board display' });
await page.goto(`${origin}/eboard-welcome?display=1&key=${key}`);
await region.waitFor({ timeout: 30_000 });
const live = () => region.getByRole('status').textContent();
for (let i = 0; i < 100 && (await live()) !== 'Live'; i++) await page.waitForTimeout(100);

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
async function sample(hour) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const metrics = Object.fromEntries(
    (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
  );
  const counts = await page.evaluate(() => window.__soak());
  const shown = await region.getByText(/^(\d+ of \d+|No entries)$/).textContent();
  return {
    hour,
    clock: london.format(counts.now),
    heapMB: heap.usedSize / 1024 / 1024,
    nodes: metrics.Nodes,
    listeners: metrics.JSEventListeners,
    ...counts,
    status: await live(),
    shown,
  };
}
async function snapshot(name) {
  if (!snapshots) return;
  mkdirSync(snapshots, { recursive: true });
  const chunks = [];
  const collect = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  writeFileSync(join(snapshots, `${name}.heapsnapshot`), chunks.join(''));
}
const fmt = (s) =>
  `${String(s.hour).padStart(3)} h  ${s.clock.padEnd(16)} heap ${s.heapMB.toFixed(2).padStart(6)} MB  nodes ${String(
    s.nodes,
  ).padStart(5)}  listeners ${String(s.listeners).padStart(4)}  timeouts ${String(s.timeouts).padStart(
    2,
  )}  intervals ${String(s.intervals).padStart(2)}  open sockets ${s.sockets} (made ${s.socketsMade})  ${s.status} · ${s.shown}`;

// 5. The run: one slide per step, a sample each simulated hour.
const samples = [await sample(0)];
console.log(fmt(samples[0]));
const began = Date.now();
let outOfTime = false;
for (let hour = 1; hour <= hours && !outOfTime; hour++) {
  const event = events.get(hour);
  if (event === 'restart') {
    await backend.stop();
    // Ten simulated minutes without a backend, then it is back on the same port with the same data.
    for (let i = 0; i < 600_000 / stepMs; i++) {
      await page.clock.fastForward(stepMs);
      await new Promise((r) => setTimeout(r, settleMs));
    }
    backend = await startIt();
  } else if (event) await boardEvent(event);
  for (let step = 0; step < stepsPerHour; step++) {
    await page.clock.fastForward(stepMs);
    await new Promise((r) => setTimeout(r, settleMs));
  }
  // A moment of real time for what the last step started (a read, a rejoin) before the hour's sample.
  await page.waitForTimeout(200);
  const s = await sample(hour);
  s.event = event;
  samples.push(s);
  console.log(`${fmt(s)}${event ? `  [${event}]` : ''}`);
  if (hour === 1) await snapshot('hour-1');
  outOfTime = Date.now() - began > budgetMs;
}
const realSeconds = (Date.now() - began) / 1000;
await snapshot(`hour-${samples.at(-1).hour}`);
const [seen] = await sql('select last_seen from public.eboard_displays where id = $1', [display.id]);

// 6. The verdict, against the first simulated hour.
const first = samples[1] ?? samples[0];
const last = samples.at(-1);
const run = samples.slice(1);
const maxHeap = Math.max(...run.map((s) => s.heapMB));
const maxTimers = Math.max(...run.map((s) => s.timeouts + s.intervals));
const maxSockets = Math.max(...run.map((s) => s.sockets));
const checks = [
  [
    `heap within 10 % of the first hour's (${first.heapMB.toFixed(2)} MB): at most ${maxHeap.toFixed(2)} MB (${(
      (maxHeap / first.heapMB - 1) *
      100
    ).toFixed(1)} %), at the end ${last.heapMB.toFixed(2)} MB`,
    maxHeap <= first.heapMB * 1.1,
  ],
  [
    `timers do not pile up: ${first.timeouts + first.intervals} active in the first hour, at most ${maxTimers}, at the end ${
      last.timeouts + last.intervals
    } (${last.timersMade} made in all)`,
    maxTimers <= first.timeouts + first.intervals + 2,
  ],
  [
    `one open Realtime socket: at most ${maxSockets} open at once, ${last.sockets} at the end (${last.socketsMade} opened in all)`,
    maxSockets <= 1 && last.sockets === 1,
  ],
  [`live at the end: '${last.status}'`, last.status === 'Live'],
  [`no page errors${errors.length ? `: ${errors.slice(0, 3).join(' | ')}` : ''}`, errors.length === 0],
];
const done = last.hour;
console.log(
  `\n${done} simulated hours (${done * stepsPerHour} steps of ${stepMs / 1000} s) in ${realSeconds.toFixed(0)} s of real time${
    done < hours ? ` — stopped by the ${budgetMs / 1000} s budget before ${hours} h` : ''
  }; the display's last heartbeat reached the backend at ${seen?.last_seen?.toISOString?.() ?? seen?.last_seen}`,
);
for (const [text, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${text}`);

await browser.close();
await new Promise((r) => site.close(r));
await backend.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(checks.every(([, ok]) => ok) && done === hours ? 0 : 1);
