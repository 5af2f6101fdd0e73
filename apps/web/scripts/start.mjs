#!/usr/bin/env node
// `pnpm start`: the local backend on 127.0.0.1:54321 with Premium's development checkout beside it (Stripe in test
// mode, unless STRIPE_SECRET_KEY is set), then a production build of the site pointed at it, then the site on
// 127.0.0.1:3000 (PORT). With VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set, it builds the site for that backend
// instead and starts none. Run with `node --import tsx` so the backend's TypeScript loads. Ctrl-C stops everything.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createSiteServer } from './serve.mjs';
import { localBackendDefaults } from './local-backend.mjs';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);
const siteUrl = `http://${host}:${port}`;

let backend;
let checkout;
const configured = process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_ANON_KEY;
if (!configured) {
  const { resolveConfig, startBackend } = await import('@pentland/local-supabase');
  const options = {
    port: Number(new URL(localBackendDefaults.VITE_SUPABASE_URL).port),
    siteUrl,
    additionalRedirectUrls: [`${siteUrl}/auth/callback`, `${siteUrl}/auth/reset-password`],
    // The profile's password change: the current password, and the mailed code once a session is a day old
    // (hosted: "Require current password when updating" and "Secure password change" in the Auth settings).
    auth: { updatePasswordRequireCurrentPassword: true, updatePasswordRequireReauthentication: true },
  };
  if (!process.env.STRIPE_SECRET_KEY) {
    const { startPremiumCheckout } = await import('@pentland/premium/dev-checkout');
    // Its customers and subscriptions live beside the database that refers to them.
    checkout = await startPremiumCheckout({ dataDir: resolveConfig(options).dataDir });
  }
  backend = await startBackend({ ...options, ...(checkout ? { functionEnv: checkout.env } : {}) });
  checkout?.setWebhookUrl(`${backend.url}/functions/v1/stripe-webhook`);
  console.log(`\n  Local backend   ${backend.url}`);
  if (backend.mailUrl) console.log(`  Mail catcher    ${backend.mailUrl}`);
  if (checkout) console.log(`  Dev checkout    ${checkout.url} (Stripe in test mode)`);
  console.log(`  Anon key        ${backend.anonKey}`);
  if (backend.dataDir) console.log(`  Data            ${backend.dataDir}`);
}

const env = {
  ...process.env,
  ...(backend ? { VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_ANON_KEY: backend.anonKey } : {}),
};
console.log('\n• building the site');
const build = spawnSync('pnpm', ['run', 'build'], { cwd: appDir, stdio: 'inherit', env });
if (build.status !== 0) {
  await backend?.stop();
  await checkout?.close();
  process.exit(build.status ?? 1);
}

const server = createSiteServer({ root: `${appDir}/dist` });
server.listen(port, host, () => {
  console.log(`\n  Pentland Cloud is running: open http://${host}:${server.address().port}/`);
  if (!backend)
    console.log(`  (backend: ${env.VITE_SUPABASE_URL ?? localBackendDefaults.VITE_SUPABASE_URL})`);
  console.log('  Press Ctrl-C to stop.\n');
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  await backend?.stop();
  await checkout?.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
