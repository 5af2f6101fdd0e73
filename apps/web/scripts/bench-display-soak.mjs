#!/usr/bin/env node
// The E-Board display's benchmark (not a test), in Chromium against the real backend and site on loopback, with a
// registered display's key (/eboard-welcome?display=1&key=…):
// 1. Never blank: the display, once it has read the board, is reloaded --reloads times (10) in each of three cases —
//    the backend down (its port refuses), the network down (the browser offline) and a network that swallows every
//    request (the site's and the backend's ports accept and never answer) — and the time from the reload to the
//    stored board on screen, and to its offline mark, is printed (median and max; the target is 3 s), then how soon
//    it is live again once the backend is back.
// 2. The soak: Playwright's simulated clock (page.clock) through 72 hours — a minute per step, the board changed
//    every few hours (entries approved, edited, removed, one with time-of-day windows), three midnights, the clocks
//    going back (Europe/London, 25 October 2026) and two backend restarts. Each simulated hour it drops the console
//    messages DevTools keeps (a screen has no DevTools), forces two garbage collections and reads the heap (CDP
//    Runtime.getHeapUsage), the DOM nodes and listeners, the page's active timeouts and intervals (setTimeout and
//    setInterval counted by an init script) and its open WebSockets; at the end it compares them with the first
//    hour — the heap within 10 %, no more timers than then, one open socket — and prints what grew most between
//    heap snapshots of the first hour and the last, by constructor.
// It prints a verdict per target and exits 1 when one is missed.
// Usage: pnpm --filter @pentland/web bench:display-soak [--hours=72] [--step=60] [--reloads=10] [--no-build]
//   [--port=54392] [--budget=600] [--snapshots=<dir>]
// (--hours=0 or --reloads=0 skips that part; --no-build reuses the last build in $TMPDIR/pentland-display-soak when it
// was made for the same backend port; --budget: stop the soak after that many seconds of real time, reporting how
// far it got; --snapshots: also writes the two heap snapshots there, to open in DevTools.)
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
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { createSiteServer } from './serve.mjs';
import { countTimersAndSockets } from './display-probe.mjs';
import { heapGrowth, heapPart, pageObjects, summariseHeapSnapshot } from './heap-summary.mjs';
import { pointSeedImagesAt } from './local-backend.mjs';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const hours = Number(arg('hours', '72'));
/** How many times the display is reloaded in each offline case (0: none). */
const reloads = Number(arg('reloads', '10'));
const port = Number(arg('port', '54392'));
const budgetMs = Number(arg('budget', '600')) * 1000;
const build = !process.argv.includes('--no-build');
/** --snapshots=<dir>: writes the heap snapshots of the first hour and the last there, to open in DevTools. */
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

// 4. Chromium.
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
const displayUrl = `${origin}/eboard-welcome?display=1&key=${key}`;
const checks = [];

// 5. Never blank: the display reloaded with the backend or the network away shows the last board it read, marked
// offline (real time, not the simulated clock), and goes live again by itself when they return.
/** A port held by a server that accepts connections and never answers: a network that swallows every request. */
async function blackHole(holePort) {
  const sockets = new Set();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(holePort, '127.0.0.1', resolve);
  });
  return () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}
const sitePort = site.address().port;
const closeSite = () =>
  new Promise((resolve) => {
    site.close(() => resolve());
    site.closeAllConnections();
  });
const openSite = () => new Promise((resolve) => site.listen(sitePort, '127.0.0.1', resolve));
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function reloadFigures(n) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const region = page.getByRole('region', { name: 'E-Board display' });
  const liveStatus = region.getByRole('status').filter({ hasText: /^Live$/ });
  const entry = region.locator('article[data-entry]');
  const note = region.getByText(/^Offline — last updated /);
  await page.goto(displayUrl);
  await liveStatus.waitFor({ timeout: 30_000 });
  // The display's worker holds the page, its files and the board's pictures.
  await page.waitForFunction(() => document.documentElement.dataset.displayOffline === 'ready', null, {
    timeout: 60_000,
  });
  /** One reload: the milliseconds until an entry of the stored board shows, and until it is marked offline. */
  async function reload() {
    const began = performance.now();
    const at = {};
    await page.reload({ waitUntil: 'commit', timeout: 30_000 });
    await Promise.all([
      entry
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => (at.board = performance.now() - began)),
      note.waitFor({ timeout: 30_000 }).then(() => (at.marked = performance.now() - began)),
    ]);
    return at;
  }
  let holes = [];
  const modes = [
    {
      name: 'backend down (its port refuses), site up',
      down: () => backend.stop(),
    },
    {
      name: 'network down (the browser offline, backend down)',
      down: async () => {
        await backend.stop();
        await context.setOffline(true);
      },
      up: () => context.setOffline(false),
    },
    {
      name: 'no answer (site and backend ports swallow every request)',
      down: async () => {
        await backend.stop();
        await closeSite();
        holes = [await blackHole(port), await blackHole(sitePort)];
      },
      up: async () => {
        for (const close of holes) await close();
        await openSite();
      },
    },
  ];
  console.log(
    `\nNever blank: the display reloaded ${n} times in each case, real time (target: the last board within 3 s, marked offline)`,
  );
  for (const mode of modes) {
    await mode.down();
    const runs = [];
    for (let i = 0; i < n; i++) runs.push(await reload());
    await mode.up?.();
    backend = await startIt();
    const back = performance.now();
    await Promise.all([
      liveStatus.waitFor({ timeout: 60_000 }),
      note.waitFor({ state: 'detached', timeout: 60_000 }),
    ]);
    const caughtUp = (performance.now() - back) / 1000;
    const board = runs.map((r) => r.board);
    const marked = runs.map((r) => r.marked);
    const ms = (x) => `${Math.round(x)} ms`;
    const line = `${mode.name}: board median ${ms(median(board))}, max ${ms(Math.max(...board))}; marked offline median ${ms(
      median(marked),
    )}, max ${ms(Math.max(...marked))}; live again ${caughtUp.toFixed(1)} s after the backend returned`;
    console.log(`  ${line}`);
    checks.push([`never blank, ${line}`, Math.max(...board, ...marked) <= 3000]);
  }
  await context.close();
}
if (reloads > 0) await reloadFigures(reloads);

// 6. The soak: the simulated clock, then the counting init script (installed after the clock, so it wraps the
// simulated setTimeout and setInterval the page calls).
async function soak() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.clock.install({ time: start });
  await page.addInitScript(countTimersAndSockets);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const region = page.getByRole('region', { name: 'E-Board display' });
  await page.goto(displayUrl);
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
  /**
   * The page's heap as a screen without DevTools would hold it: the console messages the inspector keeps for DevTools
   * (with the objects they name) dropped, then two full garbage collections.
   */
  async function settleHeap() {
    await cdp.send('Runtime.discardConsoleEntries');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
  }
  async function sample(hour) {
    // First as it was read before (garbage collected, DevTools' console records kept), then settled.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const kept = await cdp.send('Runtime.getHeapUsage');
    await settleHeap();
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
      keptMB: kept.usedSize / 1024 / 1024,
      nodes: metrics.Nodes,
      listeners: metrics.JSEventListeners,
      ...counts,
      status: await live(),
      shown,
    };
  }
  /** A heap snapshot, summed by constructor (and written to --snapshots=<dir> when given). */
  async function snapshot(name) {
    await settleHeap();
    const chunks = [];
    const collect = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
    const json = chunks.join('');
    if (snapshots) {
      mkdirSync(snapshots, { recursive: true });
      writeFileSync(join(snapshots, `${name}.heapsnapshot`), json);
    }
    return summariseHeapSnapshot(json);
  }
  const fmt = (s) =>
    `${String(s.hour).padStart(3)} h  ${s.clock.padEnd(16)} heap ${s.heapMB.toFixed(2).padStart(6)} MB (${s.keptMB.toFixed(2)} with DevTools' records)  nodes ${String(
      s.nodes,
    ).padStart(5)}  listeners ${String(s.listeners).padStart(4)}  timeouts ${String(s.timeouts).padStart(
      2,
    )}  intervals ${String(s.intervals).padStart(2)}  open sockets ${s.sockets} (made ${s.socketsMade})  ${s.status} · ${s.shown}`;

  // One slide per step, a sample each simulated hour.
  console.log(`\nSoak: ${hours} simulated hours from ${start.toISOString()}`);
  const samples = [await sample(0)];
  console.log(fmt(samples[0]));
  const began = Date.now();
  let outOfTime = false;
  let firstSnapshot = null;
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
    if (hour === 1) firstSnapshot = await snapshot('hour-1');
    outOfTime = Date.now() - began > budgetMs;
  }
  const realSeconds = (Date.now() - began) / 1000;
  const first = samples[1] ?? samples[0];
  const last = samples.at(-1);
  const lastSnapshot = await snapshot(`hour-${last.hour}`);
  const [seen] = await sql('select last_seen from public.eboard_displays where id = $1', [display.id]);

  // What the heap holds at the end that it did not in the first hour, by constructor.
  if (firstSnapshot) {
    const mb = (b) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    const kb = (b) => `${b >= 0 ? '+' : ''}${(b / 1024).toFixed(1)} KB`;
    console.log(
      `\nHeap snapshots, hour 1 → hour ${last.hour}: ${mb(firstSnapshot.total)} → ${mb(lastSnapshot.total)}; grown most:`,
    );
    for (const g of heapGrowth(firstSnapshot, lastSnapshot))
      console.log(
        `  ${kb(g.size).padStart(10)}  ${String(g.count >= 0 ? `+${g.count}` : g.count).padStart(7)}  ${g.key}`,
      );
  }

  // The verdict, against the first simulated hour.
  const run = samples.slice(1);
  const pct = (a, b) => `${b >= a ? '+' : ''}${((b / a - 1) * 100).toFixed(1)} %`;
  const mb2 = (b) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  if (firstSnapshot) {
    const [a, b] = [pageObjects(firstSnapshot), pageObjects(lastSnapshot)];
    checks.push([
      `the page's own objects (heap snapshot without DevTools' network records and compiled code) within 10 % of the first hour's: ${mb2(
        a,
      )} → ${mb2(b)} (${pct(a, b)}); beside them DevTools' network records ${mb2(
        heapPart(firstSnapshot, 'devtools'),
      )} → ${mb2(heapPart(lastSnapshot, 'devtools'))}, compiled code ${mb2(heapPart(firstSnapshot, 'code'))} → ${mb2(
        heapPart(lastSnapshot, 'code'),
      )}`,
      b <= a * 1.1,
    ]);
  }
  const maxHeap = Math.max(...run.map((s) => s.heapMB));
  const maxTimers = Math.max(...run.map((s) => s.timeouts + s.intervals));
  const maxSockets = Math.max(...run.map((s) => s.sockets));
  checks.push(
    [
      `(not a target) the whole heap as CDP reads it, DevTools' records and compiled code included: first hour ${first.heapMB.toFixed(
        2,
      )} MB, at most ${maxHeap.toFixed(2)} MB (${pct(first.heapMB, maxHeap)}), at the end ${last.heapMB.toFixed(2)} MB`,
      true,
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
    [
      `${last.hour} simulated hours (${last.hour * stepsPerHour} steps of ${stepMs / 1000} s) in ${realSeconds.toFixed(0)} s of real time${
        last.hour < hours ? ` — stopped by the ${budgetMs / 1000} s budget before ${hours} h` : ''
      }; the display's last heartbeat reached the backend at ${seen?.last_seen?.toISOString?.() ?? seen?.last_seen}`,
      last.hour === hours,
    ],
  );
  await context.close();
}
if (hours > 0) await soak();

console.log('');
for (const [text, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${text}`);

await browser.close();
await new Promise((r) => site.close(r));
await backend.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
