// WCAG 2.2 AA checks that need a real browser, over the signed-in tools and the administrators' pages at 1280 and
// 375 px: a skip link on every page (2.4.1), focus never hidden under the fixed navigation (2.4.11), targets of at
// least 24 × 24 px or spaced so (2.5.8) — the probes of wcag-probes.ts, which public-pages.test.ts runs on every
// public page — and axe; a sign-in that allows paste and names its fields for password managers (3.3.8), a non-drag
// way to do everything the poster creator's drags do (2.5.7), and nothing typed twice in one flow (3.3.7). One
// browser, one page per viewport, reused page to page.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { authForm, signInAsAdmin, startJourney, submitSignIn, url } from './e2e.ts';
import { wcagProblems } from './wcag-probes.ts';
import { axeViolations, backend, createConfirmedUser, testSql, uniqueEmail } from './helpers.ts';
import { browser } from './shared-browser.ts';

const signedInTools = [
  '/welcome',
  '/dashboard',
  '/profile',
  '/poster-creator',
  '/poster-analytics',
  '/article-generator',
  '/article-editor',
];
const adminPages = ['/eboard-dashboard', '/services/consultation-services', '/consultation-dashboard'];
const viewports = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'load' });
  await page.locator('main').waitFor();
}

async function checkPages(
  page: Page,
  paths: readonly string[],
  viewport: { width: number },
  { axe = false } = {},
) {
  const problems: string[] = [];
  for (const path of paths) {
    await open(page, path);
    problems.push(...(await wcagProblems(page, `${path} @${viewport.width}`)));
    if (axe) for (const v of await axeViolations(page)) problems.push(`${path} @${viewport.width}: axe ${v}`);
  }
  return problems;
}

/** The fields a person types into (not passwords, which 3.3.7 leaves to be typed again, nor files or choices). */
const typedFields =
  'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="url"], textarea';

/**
 * 3.3.7 on one page: types into every form of its main area, sends it while the backend refuses every write (a
 * failed send; or the form's own checks refuse it), and returns each field whose typing is gone afterwards, so that
 * it would have to be typed again. Fails a page with no form to type into, so the check cannot pass empty.
 */
async function typingLostOnRefusal(page: Page, path: string): Promise<string[]> {
  await page.goto(url(path));
  // A page that starts its app on interaction takes no typing until it has.
  await page.mouse.move(10, 10);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // What the forms load (consultation types, the account) is in before typing.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A page that loads its form after a quiet moment (a signed-in page on a loaded machine) is given time to show it.
  await page
    .locator('main form')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  const lost: string[] = [];
  let typedAnything = false;
  const forms = page.locator('main form');
  for (let i = 0; i < (await forms.count()); i++) {
    const form = forms.nth(i);
    if (!(await form.isVisible())) continue;
    const fields = form.locator(typedFields);
    const typed: { index: number; value: string }[] = [];
    for (let j = 0; j < (await fields.count()); j++) {
      const field = fields.nth(j);
      const usable = await field.evaluate(
        (el: HTMLInputElement | HTMLTextAreaElement) =>
          !el.disabled &&
          !el.readOnly &&
          el.tabIndex >= 0 &&
          !el.closest('[aria-hidden="true"]') &&
          el.getClientRects().length > 0,
      );
      if (!usable) continue;
      const type = (await field.getAttribute('type')) ?? 'text';
      const value =
        type === 'email'
          ? `typed-once-${j}@example.com`
          : type === 'tel'
            ? '07700 900123'
            : type === 'url'
              ? 'https://example.com/'
              : `Typed once ${j}`;
      await field.fill(value);
      typed.push({ index: j, value });
    }
    if (!typed.length) continue;
    typedAnything = true;
    const said = page.locator('main').locator('[role="alert"]:visible, [aria-invalid="true"]:visible');
    const saidBefore = await said.count();
    const allowWrites = await refuseWrites(page);
    await form.locator('button[type="submit"]').first().click();
    // The refusal shows (one more alert or field marked invalid); a form that says nothing is given a few seconds.
    for (const until = Date.now() + 5_000; Date.now() < until && (await said.count()) <= saidBefore;)
      await page.waitForTimeout(100);
    await allowWrites();
    for (const { index, value } of typed) {
      const now = await fields.nth(index).inputValue();
      if (now !== value) {
        const label = await fields
          .nth(index)
          .evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('name'));
        lost.push(`${path}: "${label}" held ${JSON.stringify(value)}, now ${JSON.stringify(now)}`);
      }
    }
  }
  if (!typedAnything) lost.push(`${path}: no form to type into`);
  return lost;
}

/**
 * Until the returned function is called, every request to the backend but a read (GET) or a token refresh answers
 * 503: functions, REST writes and rpc calls, Auth, Storage uploads.
 */
async function refuseWrites(page: Page): Promise<() => Promise<void>> {
  const origin = backend().url;
  const matches = (u: URL) => u.href.startsWith(origin);
  const handler = (route: Route) => {
    const r = route.request();
    if (['GET', 'HEAD', 'OPTIONS'].includes(r.method()) || r.url().includes('grant_type=refresh_token'))
      return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The service is unavailable. Please try again shortly.' }),
    });
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

describe('WCAG 2.2 AA in the browser', () => {
  it.each(viewports)(
    'signed-in tools at $width px: a skip link, focus never under the navigation, 24 px targets, axe',
    async (viewport) => {
      const email = uniqueEmail(`wcag${viewport.width}`);
      const userId = await createConfirmedUser(email, 'wcag-pass-1', 'Wren Access');
      // An article of theirs, for the editor's page of an existing article.
      const [article] = await testSql<{ id: string }>(
        `insert into public.articles (author_id, title, slug, content) values ($1, 'Broadband in Reay', $2, '<p>Draft</p>') returning id`,
        [userId, `broadband-in-reay-${viewport.width}-${Date.now()}`],
      );
      const { page, context } = await startJourney(browser, viewport);
      try {
        await page.goto(url('/auth'));
        await submitSignIn(authForm(page), email, 'wcag-pass-1');
        await page.waitForURL(url('/welcome'));
        const problems = await checkPages(
          page,
          [...signedInTools, `/article-editor/${article!.id}`],
          viewport,
          {
            axe: true,
          },
        );
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    360_000,
  );

  it.each(viewports)(
    "administrators' pages at $width px: a skip link, focus never under the navigation, 24 px targets, axe",
    async (viewport) => {
      const { page, context } = await startJourney(browser, viewport);
      try {
        await signInAsAdmin(page);
        const problems = await checkPages(page, adminPages, viewport, { axe: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );

  it('sign-in and sign-up allow paste and name their fields for password managers (3.3.8)', async () => {
    const { page, context } = await startJourney(browser);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
      await page.goto(url('/auth'));
      const form = authForm(page);
      const email = form.getByLabel('Email', { exact: true });
      const password = form.getByLabel('Password', { exact: true });
      await expect(email.getAttribute('autocomplete')).resolves.toBe('username');
      await expect(password.getAttribute('autocomplete')).resolves.toBe('current-password');
      for (const [field, text] of [
        [email, 'pasted@pentland.test'],
        [password, 'pasted-secret-1'],
      ] as const) {
        await page.evaluate((t) => navigator.clipboard.writeText(t), text);
        await field.focus();
        await page.keyboard.press('ControlOrMeta+v');
        await expect(field.inputValue()).resolves.toBe(text);
        // Nothing cancels a paste.
        const cancelled = await field.evaluate((el) => {
          const data = new DataTransfer();
          data.setData('text/plain', 'x');
          const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
          el.dispatchEvent(paste);
          return paste.defaultPrevented;
        });
        expect(cancelled).toBe(false);
      }
      await page.goto(url('/auth?mode=signup'));
      await expect(form.getByLabel('Email', { exact: true }).getAttribute('autocomplete')).resolves.toBe(
        'username',
      );
      await expect(form.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).resolves.toBe(
        'new-password',
      );
      await expect(
        form.getByLabel('Confirm password', { exact: true }).getAttribute('autocomplete'),
      ).resolves.toBe('new-password');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the poster creator moves, resizes and turns a layer without dragging (2.5.7)', async () => {
    const email = uniqueEmail('wcag-poster');
    await createConfirmedUser(email, 'wcag-pass-1', 'Wren Poster');
    const { page, context } = await startJourney(browser, { width: 1400, height: 1000 });
    try {
      await page.goto(url('/auth'));
      await submitSignIn(authForm(page), email, 'wcag-pass-1');
      await page.waitForURL(url('/welcome'));
      await page.goto(url('/poster-creator'));
      await page.getByRole('button', { name: 'Use template for Event' }).click();
      await page.waitForURL(/\/poster-creator\?poster=/);
      await page.getByRole('button', { name: 'Text', exact: true }).click();
      const field = (label: string) => page.getByLabel(label, { exact: true });
      const value = async (label: string) => Number(await field(label).inputValue());
      // Position, size and rotation are fields.
      for (const [label, to] of [
        ['X (mm)', 30],
        ['Y (mm)', 40],
        ['Width (mm)', 90],
        ['Height (mm)', 25],
        ['Rotation (°)', 15],
      ] as const) {
        await field(label).fill(String(to));
        await expect.poll(() => value(label)).toBe(to);
      }
      // The arrow keys move the selection (1 mm, Shift: 10 mm) from the canvas.
      await page.locator('[data-poster-stage]').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      await expect.poll(() => value('X (mm)')).toBe(31);
      await expect.poll(() => value('Y (mm)')).toBe(50);
      // Layer order, the layers list's only rearrangement, has buttons.
      const layers = page.getByRole('region', { name: 'Layers' });
      await expect(layers.getByRole('button', { name: /^Move .+ down$/ }).count()).resolves.toBeGreaterThan(
        0,
      );
    } finally {
      await context.close();
    }
  }, 90_000);
  it('nothing typed is asked for again after a refused send, on the public forms (3.3.7)', async () => {
    const { page, context } = await startJourney(browser);
    try {
      const lost: string[] = [];
      for (const path of [
        '/contact',
        '/consultation-request',
        '/eboard-submissions',
        '/chat',
        '/auth',
        '/auth?mode=signup',
      ])
        lost.push(...(await typingLostOnRefusal(page, path)));
      expect(lost).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('nothing typed is asked for again after a refused send, in the signed-in tools (3.3.7)', async () => {
    const email = uniqueEmail('wcag-337');
    await createConfirmedUser(email, 'wcag-pass-1', 'Wren Twice');
    const { page, context } = await startJourney(browser);
    try {
      await page.goto(url('/auth'));
      await submitSignIn(authForm(page), email, 'wcag-pass-1');
      await page.waitForURL(url('/welcome'));
      const lost: string[] = [];
      for (const path of ['/profile', '/article-generator'])
        lost.push(...(await typingLostOnRefusal(page, path)));
      expect(lost).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("nothing typed is asked for again after a refused send, in the administrators' pages (3.3.7)", async () => {
    const { page, context } = await startJourney(browser);
    try {
      await signInAsAdmin(page);
      const lost: string[] = [];
      for (const path of ['/services/consultation-services', '/eboard-dashboard'])
        lost.push(...(await typingLostOnRefusal(page, path)));
      expect(lost).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
