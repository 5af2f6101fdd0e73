/**
 * The social (PKCE) redirect flow in Chromium through the embedded development OpenID Connect
 * provider registered as `facebook`: authorize → provider sign-in page → callback → site ?code=.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium.mjs';
import { admin, client, email, raw, startAuthBackend, type AuthTestBackend } from './harness.ts';

let b: AuthTestBackend;
let site: Server;
let siteUrl: string;
let browser: Browser;

beforeAll(async () => {
  // A stand-in for the web app: /auth/callback just shows where it was sent.
  site = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>callback</title><p id="where">${(req.url ?? '').replace(/</g, '&lt;')}</p>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const addr = site.address();
  siteUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  [b, browser] = await Promise.all([
    startAuthBackend({ manualLinking: true }, { siteUrl }),
    chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    }),
  ]);
  // Start clean on a shared database.
  const sa = admin(b);
  const { data } = await sa.auth.admin.listUsers({ page: 1, perPage: 1000 });
  for (const u of data.users)
    if (u.email === 'fiona@pentland.test' || u.email === 'magnus@pentland.test')
      await sa.auth.admin.deleteUser(u.id);
});

afterAll(async () => {
  await browser?.close();
  await b?.stop();
  await new Promise<void>((r) => (site ? site.close(() => r()) : r()));
});

async function signInWithFacebook(accountName: string) {
  const sb = client(b);
  const { data, error } = await sb.auth.signInWithOAuth({
    provider: 'facebook',
    options: {
      redirectTo: `${siteUrl}/auth/callback`,
      queryParams: { access_type: 'offline', prompt: 'consent' },
      skipBrowserRedirect: true,
    },
  });
  expect(error).toBeNull();
  const page = await browser.newPage();
  const providerRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/oidc/auth')) providerRequests.push(r.url());
  });
  try {
    await page.goto(data.url!);
    await page.getByRole('button', { name: new RegExp(accountName) }).click();
    await page.waitForURL((u) => u.href.startsWith(`${siteUrl}/auth/callback`), { timeout: 20_000 });
    const landed = new URL(page.url());
    return { sb, landed, providerRequests };
  } finally {
    await page.close();
  }
}

describe('social sign-in (PKCE) through the development provider', () => {
  it('creates a user for a new account and lands on redirect_to?code=… that supabase-js exchanges', async () => {
    const { sb, landed, providerRequests } = await signInWithFacebook('Magnus Gunn');
    // Extra parameters reached the provider.
    const first = new URL(providerRequests[0]!);
    expect(first.searchParams.get('access_type')).toBe('offline');
    expect(first.searchParams.get('prompt')).toBe('consent');
    expect(first.searchParams.get('code_challenge')).toBeNull();

    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data, error } = await sb.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe('magnus@pentland.test');
    expect(data.user?.app_metadata.provider).toBe('facebook');
    expect(data.user?.user_metadata.full_name).toBe('Magnus Gunn');
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['facebook']);
    expect(data.session?.provider_token).toBeTruthy();
    // The code is single-use.
    expect((await client(b).auth.exchangeCodeForSession(code!)).error).not.toBeNull();
  });

  it('links the provider identity to an existing e-mail user', async () => {
    await admin(b).auth.admin.createUser({
      email: 'fiona@pentland.test',
      password: 'Fiona-pass-1',
      email_confirm: true,
      user_metadata: { full_name: 'Fiona Sinclair' },
    });
    const { sb, landed } = await signInWithFacebook('Fiona Sinclair');
    const { data, error } = await sb.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'facebook']);
    expect(data.user?.app_metadata.providers).toEqual(expect.arrayContaining(['email', 'facebook']));
    const ids = await sb.auth.getUserIdentities();
    const fb = ids.data!.identities.find((i) => i.provider === 'facebook')!;
    expect((await sb.auth.unlinkIdentity(fb)).error).toBeNull();
    expect((await sb.auth.getUserIdentities()).data?.identities.map((i) => i.provider)).toEqual(['email']);
  });

  it('brings a cancelled sign-in back to the callback with error and error_description', async () => {
    const sb = client(b);
    const { data } = await sb.auth.signInWithOAuth({
      provider: 'facebook',
      options: { redirectTo: `${siteUrl}/auth/callback`, skipBrowserRedirect: true },
    });
    const page = await browser.newPage();
    try {
      await page.goto(data.url!);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((u) => u.href.startsWith(`${siteUrl}/auth/callback`));
      const landed = new URL(page.url());
      expect(landed.searchParams.get('error')).toBe('access_denied');
      expect(landed.searchParams.get('error_description')).toBe('The user cancelled the sign-in.');
      expect(landed.searchParams.get('code')).toBeNull();
    } finally {
      await page.close();
    }
  });

  it('refuses a redirect_to outside the allow-list (falls back to the site URL) and rejects a forged state', async () => {
    const r = await fetch(
      `${b.url}/auth/v1/authorize?provider=facebook&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      { redirect: 'manual' },
    );
    expect(r.status).toBe(302);
    const state = new URL(r.headers.get('location')!).searchParams.get('state')!;
    const payload = JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString()) as {
      redirect_to: string;
    };
    expect(payload.redirect_to).toBe(siteUrl);

    const forged = await raw(b, 'GET', `/callback?code=abc&state=${state.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(400);
    expect(forged.json?.code).toBe('bad_oauth_state');

    const unknown = await raw(b, 'GET', '/authorize?provider=myspace');
    expect(unknown.status).toBe(400);
    expect(unknown.json?.code).toBe('validation_failed');
  });
});

describe('the mail catcher page', () => {
  it('lists the message, shows its links, and the confirmation link lands on the site with a code', async () => {
    const addr = email('catcher');
    const sb = client(b);
    await sb.auth.signUp({
      email: addr,
      password: 'Catcher-pass-1',
      options: { emailRedirectTo: `${siteUrl}/auth/callback` },
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${b.mailUrl}/?to=${encodeURIComponent(addr)}`);
      await page.getByRole('link', { name: 'Confirm Your Signup' }).click();
      await page.getByRole('heading', { name: 'Confirm Your Signup' }).waitFor();
      await page.locator('ul a[href*="/auth/v1/verify"]').click();
      await page.waitForURL((u) => u.href.startsWith(`${siteUrl}/auth/callback`));
      const code = new URL(page.url()).searchParams.get('code')!;
      const { data, error } = await sb.auth.exchangeCodeForSession(code);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(addr);
    } finally {
      await page.close();
    }
    const one = await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(addr)}`).then(
      (r) => r.json() as Promise<Array<{ id: string }>>,
    );
    const msg = await fetch(`${b.mailUrl}/api/messages/${one[0]!.id}`).then(
      (r) => r.json() as Promise<{ subject: string; to: string[] }>,
    );
    expect(msg).toMatchObject({ subject: 'Confirm Your Signup', to: [addr] });
    const del = await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(addr)}`, { method: 'DELETE' });
    expect(((await del.json()) as { deleted: number }).deleted).toBe(1);
    expect(
      await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(addr)}`).then((r) => r.json()),
    ).toEqual([]);
  });
});
