import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject, onTestFinished } from 'vitest';
import ws from 'ws';
import { chromium, type Browser, type Page } from 'playwright-core';
import { JSDOM } from 'jsdom';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { businessOf, routes, hasParams, type RouteEntry } from '@pentland/site-data';
import type { CaughtMessage } from '@pentland/local-supabase';

export const baseUrl = (): string => inject('baseUrl');

/**
 * Holds the live E-Board display for the rest of the calling test, across the run's workers: a display jumps to each
 * newly approved entry in turn, so two journeys that each approve one and wait for their screen to show it would each
 * see the other's first. The hold is a folder in the temporary directory named after this run (the control token),
 * removed when the test ends, pass or fail.
 */
export async function holdLiveBoard(): Promise<void> {
  const hold = join(tmpdir(), `pentland-live-board-${inject('controlToken')}`);
  for (;;) {
    try {
      mkdirSync(hold);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await sleep(250);
    }
  }
  onTestFinished(() => rmSync(hold, { recursive: true, force: true }));
}

/** Every public route as a concrete URL path (but articles); routes with parameters get a sample value. */
export const publicPaths: readonly { route: RouteEntry; path: string }[] = routes
  // An article's page is rendered on request with the article's own head (articles.test.ts covers it).
  .filter((r) => r.access === 'public' && r.path !== '/articles/:id')
  .map((route) => ({
    route,
    path: hasParams(route) ? route.path.replace(/:(\w+)/g, 'sample-$1-42') : route.path,
  }));

export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/**
 * axe-core's violations on the page as it is now, one line each (`rule: targets`). axe is evaluated through the
 * DevTools protocol, not added as a script element, so the page keeps its own Content-Security-Policy (which would
 * refuse an inline script) and axe causes no violation of it. Only the violations are gathered in full (axe's
 * `resultTypes`): it skips building selectors for every passing node, a fifth of its time on these pages, and the
 * violations it reports are the same.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export interface HeadSnapshot {
  title: string;
  canonical: string | null;
  description: string | null;
  jsonLd: string[];
  geo: Record<string, string | null>;
}

/** Reads the head of a document, in the page (after scripts ran) or in a parsed served file. */
export function readHead(doc: Document): HeadSnapshot {
  const meta = (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
  return {
    title: doc.title,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    description: meta('description'),
    jsonLd: Array.from(
      doc.querySelectorAll('script[type="application/ld+json"]'),
      (s) => s.textContent ?? '',
    ),
    geo: Object.fromEntries(['geo.region', 'geo.placename', 'geo.position', 'ICBM'].map((n) => [n, meta(n)])),
  };
}

/** A page as served, before any script runs: what search engines and the first paint get. */
export interface ServedPage {
  status: number;
  contentType: string | null;
  html: string;
  /** The HTML parsed as a browser parses it with JavaScript off (jsdom, no script run). */
  document: Document;
}

/** Fetches `path` from the site under test and parses it, without a browser. */
export async function servedPage(path: string): Promise<ServedPage> {
  const res = await fetch(baseUrl() + path);
  const html = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    html,
    document: new JSDOM(html).window.document,
  };
}

/**
 * The elements of `selector` whose accessible name, from `aria-label` or the text of `aria-labelledby`'s elements,
 * contains `name` ignoring case (as Playwright's getByRole matches a name), or is exactly `name` with `exact`.
 */
export function named(doc: Document, selector: string, name: string, { exact = false } = {}): Element[] {
  const nameOf = (el: Element) =>
    (
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => doc.getElementById(id)?.textContent ?? '')
        .join(' ')
    ).trim();
  return [...doc.querySelectorAll(selector)].filter((el) =>
    exact ? nameOf(el) === name : nameOf(el).toLowerCase().includes(name.toLowerCase()),
  );
}

export async function headOf(page: Page): Promise<HeadSnapshot> {
  return page.evaluate(`(${readHead.toString()})(document)`) as Promise<HeadSnapshot>;
}

/** Every structured-data item the site publishes, checked on a parsed JSON-LD block. */
export function expectedBusinessFields(json: string): Record<string, unknown> {
  const business = businessOf(JSON.parse(json)) ?? {};
  const pick = (o: unknown, ...keys: string[]) =>
    keys.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);
  return {
    openingHours: business.openingHours,
    days: pick(business, 'openingHoursSpecification', '0', 'dayOfWeek'),
    opens: pick(business, 'openingHoursSpecification', '0', 'opens'),
    closes: pick(business, 'openingHoursSpecification', '0', 'closes'),
    priceRange: business.priceRange,
    currency: business.currenciesAccepted,
    payments: business.paymentAccepted,
    radius: pick(business, 'areaServed', 'geoRadius'),
    rating: pick(business, 'aggregateRating', 'ratingValue'),
    ratingCount: pick(business, 'aggregateRating', 'ratingCount'),
    action: pick(business, 'potentialAction', '@type'),
    actionTarget: pick(business, 'potentialAction', 'target', 'urlTemplate'),
  };
}

export const specBusinessFields = {
  openingHours: 'Mo-Fr 09:00-17:00',
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '17:00',
  priceRange: '£37.50 - £1000+',
  currency: 'GBP',
  payments: 'Cash, Credit Card, Bank Transfer, Invoice',
  radius: 50000,
  rating: 4.9,
  ratingCount: 47,
  action: 'ReserveAction',
  actionTarget: 'https://pentlandcloud.co.uk/consultation-request',
};

// ---------------------------------------------------------------- the end-to-end stack (test/global-setup.ts)

/** The local backend the site under test was built against. */
export const backend = () => ({
  url: inject('backendUrl'),
  anonKey: inject('anonKey'),
  serviceRoleKey: inject('serviceRoleKey'),
  mailUrl: inject('mailUrl'),
});

let emailCounter = 0;
/** A fresh address per call: every journey signs up its own users. */
/** Today in the UK, 'YYYY-MM-DD' (the journeys' display dates and bookings are UK days). */
export const londonToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

export function uniqueEmail(tag: string): string {
  emailCounter += 1;
  return `e2e-${tag}-${Date.now()}-${process.pid}-${emailCounter}@example.test`;
}

/** A message as the mail catcher's JSON endpoint lists it. */
export type CaughtMail = CaughtMessage;

/** Waits for the newest e-mail to `to` in the backend's mail catcher (its JSON endpoint) matching `subject`. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${backend().mailUrl}/api/messages?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
    const found = ((await res.json()) as CaughtMail[]).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no e-mail matching ${subject} to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The link of an Auth e-mail that goes through the backend's /auth/v1/verify. */
export function verifyLink(mail: CaughtMail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

async function control<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(inject('controlUrl') + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inject('controlToken')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`control ${path}: ${answer.error ?? res.status}`);
  return answer;
}

/** Runs SQL on the test database as its owner (through the global setup, which holds the backend). */
export async function testSql<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await control<{ rows: T[] }>('/sql', { sql, params })).rows;
}

/** Sets the access-token lifetime of tokens issued from now on; returns the previous one. */
export async function setJwtExpiry(seconds: number): Promise<number> {
  return (await control<{ previous: number }>('/auth-settings', { jwtExpiry: seconds })).previous;
}

/** Creates a confirmed user through the Auth admin API (service_role key). */
export async function createConfirmedUser(
  email: string,
  password: string,
  fullName: string,
): Promise<string> {
  const { url, serviceRoleKey } = backend();
  const res = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      Authorization: `Bearer ${serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
  });
  const body = (await res.json()) as { id?: string; msg?: string };
  if (!res.ok || !body.id) throw new Error(`admin create user ${email}: ${res.status} ${body.msg ?? ''}`);
  return body.id;
}

/** The unmodified supabase-js against the test backend, as a browser would use it (no stored session). */
export function supabaseClient(): SupabaseClient {
  const { url, anonKey } = backend();
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

/** A new confirmed user, signed in with its own supabase-js client. */
export async function signedInUser(tag: string, password = 'pentland-pass-1'): Promise<SignedInUser> {
  const email = uniqueEmail(tag);
  const id = await createConfirmedUser(email, password, `User ${tag}`);
  const client = supabaseClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { id, email, password, client };
}

/** Calls an rpc function of the backend's REST layer with a user's access token (or the anon key). */
export async function rpc(name: string, accessToken?: string): Promise<{ status: number; body: unknown }> {
  const { url, anonKey } = backend();
  const res = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${accessToken ?? anonKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

/** The session supabase-js keeps in localStorage (key `sb-<host>-auth-token`), if any. */
export async function storedSession(
  page: Page,
): Promise<{ access_token: string; refresh_token: string; expires_at: number } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (/^sb-.*-auth-token$/.test(key)) return JSON.parse(localStorage.getItem(key)!);
    }
    return null;
  });
}

/** A tolerant window around one of the spec's delays: at least 0.8× and less than 2× (fails if it is missing). */
export function expectAbout(ms: number, delayMs: number): void {
  if (ms < delayMs * 0.8 || ms >= delayMs * 2)
    throw new Error(
      `expected about ${delayMs} ms (between ${delayMs * 0.8} and ${delayMs * 2}), took ${ms} ms`,
    );
}
