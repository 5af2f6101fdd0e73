/**
 * Test harness for the Auth tests: the whole backend (test/helpers.ts) with cheap hashes and
 * generous limits, helpers to read the mail catcher, and supabase-js clients.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestBackend } from '../helpers.ts';
import type { CaughtMessage } from '../../src/mail/index.ts';

export interface AuthTestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailUrl: string;
  /** SQL as the database owner, on this backend's own database. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** A message as the mail catcher's JSON endpoint lists it. */
export type CaughtMail = CaughtMessage;

/** Test defaults: cheap hashes, generous limits unless a test narrows them. */
export function authOverrides(
  auth: Record<string, unknown> = {},
  rest: Record<string, unknown> = {},
): Record<string, unknown> {
  const { rateLimits, ...other } = auth as { rateLimits?: Record<string, number> };
  return {
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: [
      'http://localhost:3000/**',
      'http://127.0.0.1:4173/**',
      'https://*.pentland.test/**',
    ],
    ...rest,
    auth: {
      autoconfirm: false,
      disableSignup: false,
      bcryptCost: 4,
      rateLimits: {
        signIn: 10_000,
        refresh: 10_000,
        signUp: 10_000,
        verify: 10_000,
        otp: 10_000,
        recover: 10_000,
        emailsPerHour: 10_000,
        emailInterval: 0,
        ...(rateLimits ?? {}),
      },
      ...other,
    },
  };
}

/** The backend with `sql` as the owner, and its project folder removed when it stops. */
function withProjectDir(
  b: Awaited<ReturnType<typeof startTestBackend>>,
  projectDir: string,
): AuthTestBackend {
  const stop = b.stop.bind(b);
  return Object.assign(b, {
    async sql<T>(text: string, params: unknown[] = []) {
      return (await b.db.query<T>(text, params)).rows;
    },
    async stop() {
      await stop();
      rmSync(projectDir, { recursive: true, force: true });
    },
  });
}

/**
 * A backend serving a project folder made of `files` (e.g. a config.toml whose [auth] settings apply as
 * `supabase start` applies them); only the hash cost is set here, so nothing overrides the file.
 */
export async function startProjectBackend(
  files: Record<string, string>,
  rest: Record<string, unknown> = {},
): Promise<AuthTestBackend> {
  const projectDir = mkdtempSync(path.join(tmpdir(), 'auth-project-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(projectDir, name), text);
  let b: Awaited<ReturnType<typeof startTestBackend>>;
  try {
    b = await startTestBackend({
      projectDir,
      seed: false,
      auth: { bcryptCost: 4 },
      ...rest,
    } as unknown as Parameters<typeof startTestBackend>[0]);
  } catch (err) {
    rmSync(projectDir, { recursive: true, force: true });
    throw err;
  }
  return withProjectDir(b, projectDir);
}

/**
 * The whole backend with an empty supabase/ folder: Auth needs only the platform SQL, and the
 * project's own migrations are the data side's tests' business.
 */
export async function startAuthBackend(
  auth: Record<string, unknown> = {},
  rest: Record<string, unknown> = {},
): Promise<AuthTestBackend> {
  const projectDir = mkdtempSync(path.join(tmpdir(), 'auth-project-'));
  const b = await startTestBackend(
    authOverrides(auth, { projectDir, seed: false, ...rest }) as Parameters<typeof startTestBackend>[0],
  );
  return withProjectDir(b, projectDir);
}

export function client(
  b: AuthTestBackend,
  key = b.anonKey,
  flowType: 'pkce' | 'implicit' = 'pkce',
): SupabaseClient {
  return createClient(b.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: ws as never },
  });
}

export function admin(b: AuthTestBackend): SupabaseClient {
  return createClient(b.url, b.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

export async function mails(b: AuthTestBackend, to: string): Promise<CaughtMail[]> {
  const r = await fetch(`${b.mailUrl}/api/messages?to=${encodeURIComponent(to)}`);
  if (!r.ok) throw new Error(`mail catcher answered ${r.status}`);
  return (await r.json()) as CaughtMail[];
}

/** The newest mail to `to` (waits briefly; mails are written before the API answers). */
export async function lastMail(b: AuthTestBackend, to: string): Promise<CaughtMail> {
  const list = await mails(b, to);
  if (!list[0]) throw new Error(`no mail to ${to}`);
  return list[0];
}

export function verifyLink(m: CaughtMail): string {
  const l = m.links.find((x) => x.includes('/auth/v1/verify'));
  if (!l) throw new Error(`no verify link in "${m.subject}"`);
  return l;
}

export function otpOf(m: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(m.text)?.[1];
  if (!code) throw new Error(`no code in "${m.subject}"`);
  return code;
}

/** Follow a link without following the redirect; returns the Location. */
export async function follow(link: string): Promise<URL> {
  const r = await fetch(link, { redirect: 'manual' });
  const loc = r.headers.get('location');
  if (r.status < 300 || r.status >= 400 || !loc)
    throw new Error(`expected a redirect from ${link}, got ${r.status}`);
  return new URL(loc, link);
}

/** A raw call to /auth/v1 (to check shapes supabase-js hides). */
export async function raw(
  b: AuthTestBackend,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> | null; text: string }> {
  const r = await fetch(`${b.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: b.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: r.status, headers: r.headers, json, text };
}

let counter = 0;
export function email(tag: string): string {
  counter += 1;
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${counter}@pentland.test`;
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * The social redirect flow without a browser: follows the redirects from an authorize URL through the embedded
 * development provider (cookies kept per flow), picks `account` on its sign-in page, and returns where the
 * backend's /callback finally sends the browser (the site URL with `?code=` or an error).
 */
export async function oauthSignIn(
  authorizeUrl: string,
  account: 'fiona-sinclair' | 'magnus-gunn',
): Promise<URL> {
  const jar = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizeUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const r = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookie() },
    });
    keep(r);
    init = {};
    const loc = r.headers.get('location');
    if (r.status >= 300 && r.status < 400 && loc) {
      const next = new URL(loc, url);
      if (!next.pathname.startsWith('/oidc') && !next.pathname.startsWith('/auth/v1/')) return next;
      url = next;
      continue;
    }
    const html = await r.text();
    const action = new RegExp(
      `action="([^"]+/login)"[^>]*>\\s*<input type="hidden" name="account" value="${account}"`,
    ).exec(html)?.[1];
    if (r.status !== 200 || !action)
      throw new Error(`unexpected answer ${r.status} from ${url.pathname}: ${html.slice(0, 200)}`);
    url = new URL(action, url);
    init = {
      method: 'POST',
      body: new URLSearchParams({ account }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects in the social sign-in');
}
