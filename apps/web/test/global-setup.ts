// The backend's ambient typings for oidc-provider (its own tsconfig includes them; this one does not).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../packages/local-supabase/src/auth/oidc-provider.d.ts" />
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startBackend, testSetupCache, type RunningBackend } from '@pentland/local-supabase';
import { startPremiumCheckout } from '@pentland/premium/dev-checkout';
import { pointSeedImagesAt } from '../scripts/local-backend.mjs';
import { chromiumServerOptions } from '../scripts/chromium.mjs';
import { createSiteServer } from '../scripts/serve.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserWsEndpoint: string;
    backendUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    mailUrl: string;
    /** The test-only control endpoint of this setup (SQL on the test database, Auth settings). */
    controlUrl: string;
    controlToken: string;
    /** VITE_ADMIN_EMAILS the site was built with (addresses that are not admins in the database). */
    fallbackAdminEmails: string[];
    /** The built site (for a second server over it, e.g. against another backend). */
    siteDir: string;
  }
}

/** The administrator list the end-to-end build is configured with; none of them is in admin_users. */
export const fallbackAdminEmails = ['fallback-admin@pentland.test'];

const appDir = fileURLToPath(new URL('..', import.meta.url));

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/**
 * The tests run in worker processes; the backend (PGlite, in this process) is reached through this endpoint for
 * what only the database owner may do: `POST /sql { sql, params }` and `POST /auth-settings { jwtExpiry }`.
 */
function controlServer(backend: RunningBackend, token: string): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) {
      reply(403, { error: 'forbidden' });
      return;
    }
    void readJson(req)
      .then(async (body) => {
        if (req.url === '/sql') {
          const result = await backend.db.query(String(body.sql), (body.params as unknown[]) ?? []);
          reply(200, { rows: result.rows });
        } else if (req.url === '/auth-settings') {
          const previous = backend.auth.settings.jwtExpiry;
          if (typeof body.jwtExpiry === 'number') backend.auth.settings.jwtExpiry = body.jwtExpiry;
          reply(200, { jwtExpiry: backend.auth.settings.jwtExpiry, previous });
        } else reply(404, { error: 'not found' });
      })
      .catch((err: unknown) => reply(500, { error: err instanceof Error ? err.message : String(err) }));
  });
}

/** Builds left by runs that were killed before their teardown (their process is gone). */
function removeStaleBuilds(): void {
  const root = join(appDir, 'dist-e2e');
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const pid = Number(name.split('-')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(root, name), { recursive: true, force: true });
  }
}

/**
 * The end-to-end stack: the site server (its origin must be known first, as the backend's site URL), a fresh
 * local backend on PGlite, a production build of the site pointed at that backend, and Chromium.
 */
export default async function setup(project: TestProject) {
  const cleanups: (() => Promise<void> | void)[] = [];
  const teardown = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('[web e2e teardown]', err);
      }
    }
  };
  try {
    // 1. The site's server, listening before there is a site, to learn its origin.
    const site: { server?: Server } = {};
    const front = createServer((req, res) => {
      if (site.server) site.server.emit('request', req, res);
      else res.writeHead(503, { 'Content-Type': 'text/plain' }).end('site still building');
    });
    const baseUrl = await listen(front);
    cleanups.push(() => close(front));

    // 2. The backend: its own data directory, e-mail confirmation on (as in production), loose rate limits.
    const dataDir = mkdtempSync(join(tmpdir(), 'pentland-web-e2e-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Premium's development checkout (Stripe in test mode) beside the backend, as `npm start` runs it.
    const checkout = await startPremiumCheckout({ dataDir });
    cleanups.push(() => checkout.close());
    const backend = await startBackend({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      // Copied from a database set up before on the same migrations and seed, as the backend tests' are.
      setupCache: testSetupCache,
      functionEnv: checkout.env,
      siteUrl: baseUrl,
      additionalRedirectUrls: [`${baseUrl}/auth/callback`, `${baseUrl}/auth/reset-password`],
      jwtExpiry: 3600,
      auth: {
        autoconfirm: false,
        disableSignup: false,
        bcryptCost: 4,
        // As the site's own start configures it: a new password needs the current one, and the mailed nonce once
        // the session is a day old.
        updatePasswordRequireCurrentPassword: true,
        updatePasswordRequireReauthentication: true,
        rateLimits: {
          windowSeconds: 300,
          signIn: 10_000,
          refresh: 10_000,
          signUp: 10_000,
          verify: 10_000,
          otp: 10_000,
          recover: 10_000,
          emailsPerHour: 10_000,
          emailInterval: 0,
        },
      },
    });
    cleanups.push(() => backend.stop());
    checkout.setWebhookUrl(`${backend.url}/functions/v1/stripe-webhook`);
    // The seed's image URLs name the default local backend (127.0.0.1:54321); this one listens elsewhere.
    await pointSeedImagesAt(backend.db, backend.url);
    // Every journey comes from one loopback address, two at a time: the forms' per-address limit would be shared
    // by all of them (the limits themselves are tested against the backend: supabase/tests/misuse/rate-limits).
    await backend.db.query('update private.form_rate_limits set max_per_window = 1000');

    // 3. The site, built against that backend into a directory of its own (dist/ stays untouched).
    removeStaleBuilds();
    const runDir = join(appDir, 'dist-e2e', `${process.pid}-${Date.now()}`);
    cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));
    const siteDir = join(runDir, 'site');
    const ssrDir = join(runDir, 'ssr');
    const env = {
      ...process.env,
      VITE_SUPABASE_URL: backend.url,
      VITE_SUPABASE_ANON_KEY: backend.anonKey,
      VITE_ADMIN_EMAILS: fallbackAdminEmails.join(','),
    };
    // The client and the server bundles are independent (the prerender needs both); both end before a failure is
    // reported, so that the teardown removes a finished folder.
    const bundles = await Promise.allSettled([
      run('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn', '--outDir', siteDir, '--emptyOutDir'], env),
      run(
        'pnpm',
        ['exec', 'vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entryServer.tsx', '--outDir', ssrDir],
        env,
      ),
    ]);
    for (const bundle of bundles) if (bundle.status === 'rejected') throw bundle.reason;
    await run(process.execPath, ['scripts/prerender.mjs', siteDir, ssrDir], env);
    // The journeys check pages rendered on request; on this loaded machine the backend may take longer than the
    // production bound (backend-wait.test.ts tests that bound on a server of its own).
    site.server = createSiteServer({ root: siteDir, waitMs: 10_000 });

    // 4. The control endpoint and the browser.
    const controlToken = randomBytes(24).toString('base64url');
    const control = controlServer(backend, controlToken);
    const controlUrl = await listen(control);
    cleanups.push(() => close(control));
    const browser: BrowserServer = await chromium.launchServer(await chromiumServerOptions(chromium));
    cleanups.push(() => browser.close());

    project.provide('baseUrl', baseUrl);
    project.provide('browserWsEndpoint', browser.wsEndpoint());
    project.provide('backendUrl', backend.url);
    project.provide('anonKey', backend.anonKey);
    project.provide('serviceRoleKey', backend.serviceRoleKey);
    project.provide('mailUrl', backend.mailUrl);
    project.provide('controlUrl', controlUrl);
    project.provide('controlToken', controlToken);
    project.provide('fallbackAdminEmails', fallbackAdminEmails);
    project.provide('siteDir', siteDir);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
