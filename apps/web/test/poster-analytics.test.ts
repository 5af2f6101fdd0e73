// /poster-analytics keeps the date range the user chose, in Chromium against the local backend: a scan arriving
// live re-reads that range (not the default 30 days), and a date changed while the page's first read is still on
// its way is kept (the slower, older answer does not overwrite it).
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { emptyPoster, serializePoster } from '@pentland/poster';
import { authForm, startJourney, submitSignIn, url } from './e2e.ts';
import { backend, signedInUser, testSql, type SignedInUser } from './helpers.ts';
import { browser } from './shared-browser.ts';

const londonDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
/** A range that ends yesterday: today's scans are outside it. */
const chosen = { from: londonDay(10), until: londonDay(1) };

/** An owner with one poster, scanned once 3 days ago and twice today. */
async function ownerWithScans(): Promise<{ owner: SignedInUser; posterId: string }> {
  const owner = await signedInUser('analytics-range');
  const { data, error } = await owner.client
    .from('posters')
    .insert({ title: 'Range poster', design: JSON.parse(serializePoster(emptyPoster())) })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const posterId = data.id as string;
  await testSql(
    `insert into public.poster_scans (poster_id, scanned_at, landing, source)
     values ($1, now() - interval '3 days', '/qr-welcome', 'poster'),
            ($1, now(), '/qr-welcome', 'poster'),
            ($1, now(), '/qr-welcome', 'poster')`,
    [posterId],
  );
  return { owner, posterId };
}

async function signIn(page: Page, owner: SignedInUser): Promise<void> {
  await page.goto(url('/auth'));
  await submitSignIn(authForm(page), owner.email, owner.password);
  await page.waitForURL(url('/welcome'));
}

/** The 'Scans' figure. */
const scansFigure = (page: Page) =>
  page.locator('dt', { hasText: /^Scans$/ }).locator('xpath=following-sibling::dd');

const isStatsRead = (r: Request) => r.url().includes('/rest/v1/rpc/poster_scan_stats');

async function chooseRange(page: Page): Promise<void> {
  await page.getByLabel('From', { exact: true }).fill(chosen.from);
  await page.getByLabel('To', { exact: true }).fill(chosen.until);
}

/** Records a scan as a visitor's browser does (anon key). */
async function recordScan(posterId: string, visitor: string): Promise<void> {
  const { url: backendUrl, anonKey } = backend();
  const res = await fetch(`${backendUrl}/rest/v1/rpc/record_poster_scan`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ poster_id: posterId, landing: '/qr-welcome', visitor, source: 'live' }),
  });
  if (!res.ok) throw new Error(`record_poster_scan: ${res.status}`);
}

describe('poster analytics: the chosen date range', () => {
  it('a scan arriving live re-reads the chosen range, not the default 30 days', async () => {
    const { owner, posterId } = await ownerWithScans();
    const { page, errors, context } = await startJourney(browser);
    // Resolves once Realtime has accepted the page's join of the scans channel.
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.includes('poster-scans:all') && text.includes('phx_reply') && text.includes('"ok"'))
            resolve();
        });
      });
    });
    await signIn(page, owner);
    await page.goto(url('/poster-analytics'));
    await expect.poll(() => scansFigure(page).textContent(), { timeout: 10_000 }).toBe('3');
    await joined;

    await chooseRange(page);
    await expect.poll(() => scansFigure(page).textContent(), { timeout: 10_000 }).toBe('1');
    // Every read of the range changes has been answered.
    await new Promise((r) => setTimeout(r, 500));

    // A new scan today, announced live: the page re-reads — the range it shows.
    const reread = page.waitForResponse((r) => isStatsRead(r.request()), { timeout: 10_000 });
    await recordScan(posterId, `live-${Date.now()}`);
    const response = await reread;
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      from_date: chosen.from,
      to_date: chosen.until,
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await scansFigure(page).textContent()).toBe('1');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(chosen.until);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a date changed while the first read is still on its way is kept', async () => {
    const { owner } = await ownerWithScans();
    const { page, errors, context } = await startJourney(browser);
    await signIn(page, owner);
    // The page's first read of the figures (the default 30 days) is answered only once the range the user then
    // chose shows its figures: a slow answer that arrives last.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = () => resolve()));
    let first = true;
    await page.route(/\/rest\/v1\/rpc\/poster_scan_stats/, async (route) => {
      if (!first) return route.continue();
      first = false;
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer });
    });
    const firstRead = page.waitForRequest(isStatsRead, { timeout: 30_000 });
    await page.goto(url('/poster-analytics'));
    const slow = await firstRead;
    await chooseRange(page);
    await expect.poll(() => scansFigure(page).textContent(), { timeout: 10_000 }).toBe('1');

    const delivered = page.waitForEvent('requestfinished', (r) => r === slow);
    release();
    await delivered;
    // Past any re-read the page makes once its live channel joins (a burst settles for half a second).
    await new Promise((r) => setTimeout(r, 1500));
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(chosen.from);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(chosen.until);
    expect(await scansFigure(page).textContent()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
