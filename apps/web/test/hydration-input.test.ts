// What a visitor does while the app is still starting, on a slow phone (the main thread slowed 6× through CDP): a
// click on a link in the page (the blog's "Previous") or in the navigation, and typing in a form's field, made as
// soon as the link is there or as React's root attaches (hydrateRoot has been called, the page is hydrating). Each
// must take effect once — the click navigates, the text is in the field and in the form's state — never be lost.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { publishedArticlesPage } from '@pentland/articles';
import { signedInUser, supabaseClient } from './helpers.ts';
import { publishedArticleOf } from './articles-e2e.ts';
import { holdAppChunks, startJourney, url, type Journey } from './e2e.ts';
import { browser } from './shared-browser.ts';

beforeAll(async () => {
  // The blog has a second page: thirteen published articles at least.
  const { total } = await publishedArticlesPage(supabaseClient(), { tag: null, page: 1 });
  if (total < 13) {
    const author = await signedInUser('hydration');
    for (let i = total; i < 13; i++) await publishedArticleOf(author, `While hydrating ${i} ${Date.now()}`);
  }
}, 120_000);

/** A journey whose page runs at a sixth of the machine's speed, and whose `goto` does not wait for the app. */
async function slowJourney(): Promise<Journey> {
  const journey = await startJourney(browser, undefined, { waitForHydration: false });
  journey.context.setDefaultTimeout(30_000);
  const cdp = await journey.context.newCDPSession(journey.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Where the app was when the visitor acted: not started, hydrating (React's root attached), or hydrated.
  await journey.page.addInitScript(() => {
    const w = window as unknown as { __stages: string[] };
    w.__stages = [];
    const stage = () => {
      // The app's root, or on a page served as islands, the islands' roots.
      const roots = [document.getElementById('root'), ...document.querySelectorAll('[data-island]')];
      const scrolled = `scrolled ${Math.round(window.scrollY)}`;
      if (document.documentElement.hasAttribute('data-hydrated')) return `hydrated, ${scrolled}`;
      const app = roots.some(
        (root) => root && Object.keys(root).some((k) => k.startsWith('__reactContainer')),
      );
      return `${app ? 'hydrating' : 'not started'}, ${scrolled}`;
    };
    const what = (e: Event) => {
      const t = e.target as Element;
      return `${t.tagName}${t.closest('a') ? ' in a link' : ''}${t.isConnected ? '' : ' (detached)'}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        w.__stages.push(
          `shift ${e.value.toFixed(3)} at ${e.startTime.toFixed(0)} ms (${stage()}): ${(e.sources ?? [])
            .map(
              (s) =>
                `${s.node?.nodeName ?? '?'}.${(s.node as Element | undefined)?.className ?? ''} y ${s.previousRect.y}→${s.currentRect.y} h ${s.previousRect.height}→${s.currentRect.height}`,
            )
            .join('; ')}`,
        );
    }).observe({ type: 'layout-shift', buffered: true });
    for (const type of ['pointerdown', 'pointerup', 'click', 'keydown'])
      window.addEventListener(type, (e) => w.__stages.push(`${e.type} on ${what(e)} ${stage()}`), true);
    // Reached only if nothing stopped the click on its way up; says whether the browser will follow the link.
    window.addEventListener('click', (e) =>
      w.__stages.push(`click reached window on ${what(e)}, prevented: ${e.defaultPrevented}, ${stage()}`),
    );
    window.addEventListener('error', (e) => w.__stages.push(`error ${e.message}`));
    const error = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      w.__stages.push(`console.error ${String(args[0]).slice(0, 200)}`);
      error(...args);
    };
    const nav = (window as unknown as { navigation?: EventTarget }).navigation;
    nav?.addEventListener('navigate', (e) => {
      const n = e as Event & { destination: { url: string }; navigationType: string };
      w.__stages.push(
        `navigate ${n.navigationType} ${new URL(n.destination.url).pathname}${new URL(n.destination.url).search} (${stage()})`,
      );
    });
    nav?.addEventListener('navigateerror', () => w.__stages.push('navigateerror'));
  });
  return journey;
}

const stages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stages?: string[] }).__stages ?? []).catch(() => []);

/** Resolves as soon as React's root is attached to #root (polled every few milliseconds). */
async function rootAttached(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // The app's root, or on a page served as islands, any island's.
      [document.getElementById('root'), ...document.querySelectorAll('[data-island]')].some(
        (root) => root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer')),
      ),
    null,
    { polling: 5, timeout: 30_000 },
  );
}

/** A plain left click at the middle of the element, without Playwright's waits for the page to settle. */
async function clickNow(page: Page, name: string, within?: string): Promise<void> {
  const scope = within ? page.getByRole('navigation', { name: within }) : page;
  const link = scope.getByRole('link', { name, exact: true }).first();
  // Scrolled to, as a visitor does: "Previous" is below the fold.
  await link.scrollIntoViewIfNeeded();
  const box = await link.boundingBox();
  expect(box, name).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

describe('a click on a link while the app starts', () => {
  it.each([
    ['as soon as the link is there', false],
    ['as React starts hydrating', true],
  ])(
    '"Previous" on /articles?page=2 %s goes to the first page',
    async (_, whileHydrating) => {
      const { page, context, errors } = await slowJourney();
      await page.goto(url('/articles?page=2'), { waitUntil: 'commit' });
      await page.getByRole('link', { name: 'Previous' }).waitFor();
      if (whileHydrating) await rootAttached(page);
      await clickNow(page, 'Previous');
      const seen = () => stages(page);
      await page.waitForURL(url('/articles'), { timeout: 30_000 }).catch(async (err: Error) => {
        throw new Error(`${err.message}\nstill at ${page.url()}; events: ${(await seen()).join(', ')}`);
      });
      await page.getByText(/^1–12 of \d+ articles$/).waitFor();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(page.url()).toBe(url('/articles'));
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('a link of the navigation, clicked as React starts hydrating, goes to its page', async () => {
    const { page, context, errors } = await slowJourney();
    await page.goto(url('/articles?page=2'), { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Previous' }).waitFor();
    await rootAttached(page);
    await clickNow(page, 'Providers', 'Main');
    await page.waitForURL(url('/providers'), { timeout: 30_000 }).catch(async (err: Error) => {
      throw new Error(`${err.message}\nstill at ${page.url()}; events: ${(await stages(page)).join(', ')}`);
    });
    await expect(page.locator('main h1').first().textContent()).resolves.toMatch(/\S/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('scrolling while the app starts', () => {
  it('the page stays where the visitor scrolled it while the app hydrates', async () => {
    const { page, context, errors } = await slowJourney();
    await page.goto(url('/contact'), { waitUntil: 'commit' });
    await page.getByRole('form', { name: 'Contact form' }).waitFor({ state: 'attached' });
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(500);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The layout's effects have run (twice, in a development build); only a navigation scrolls to the top.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(500);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('typing while the app starts', () => {
  it('what is typed in a field of /contact as React starts hydrating is kept, in the field and in the form', async () => {
    const { page, context, errors } = await slowJourney();
    await page.goto(url('/contact'), { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByLabel('Name');
    await name.waitFor();
    await rootAttached(page);
    await name.focus();
    await page.keyboard.type('Morag Sinclair');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await name.inputValue(), (await stages(page)).join(', ')).toBe('Morag Sinclair');
    // The form's state has it too: sending asks for the other fields, not the name.
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Enter a subject', { exact: true }).waitFor();
    expect(await form.getByText('Enter your name', { exact: true }).count()).toBe(0);
    expect(await name.inputValue()).toBe('Morag Sinclair');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('what is typed in a field of /contact before the app has loaded is typed into it once hydrated', async () => {
    const { page, context, errors } = await slowJourney();
    const release = await holdAppChunks(page, '/contact');
    await page.goto(url('/contact'), { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByLabel('Name');
    const subject = form.getByLabel('Subject');
    await name.focus();
    await page.keyboard.type('Morag Sinklair');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('clair');
    await subject.focus();
    await page.keyboard.type('Hosting');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    release();
    // Typed on while the app hydrates: after what was typed before, never before it.
    await name.focus();
    await page.keyboard.type(' MBE');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => name.inputValue()).toBe('Morag Sinclair MBE');
    expect(await subject.inputValue()).toBe('Hosting');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Enter your message', { exact: true }).waitFor();
    expect(await form.getByText('Enter your name', { exact: true }).count()).toBe(0);
    expect(await form.getByText('Enter a subject', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('what is chosen in a select of /eboard-submissions before the app has loaded is chosen in the form once hydrated', async () => {
    const { page, context, errors } = await slowJourney();
    const release = await holdAppChunks(page, '/eboard-submissions');
    await page.goto(url('/eboard-submissions'), { waitUntil: 'domcontentloaded' });
    const category = page.getByRole('combobox', { name: 'Category' });
    await category.selectOption({ label: 'Sport and clubs' });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // In the form's state, not only on the screen: the page renders again as the visitor types, and a choice the
    // form did not know would go back to the placeholder; sending names no missing category.
    await page.getByLabel('Title', { exact: true }).fill('Winter league');
    await expect.poll(() => category.inputValue()).toBe('sport');
    await page.getByRole('button', { name: 'Submit entry' }).click();
    await page.getByText('Enter your name', { exact: true }).first().waitFor();
    // (The category's error would be its description; the placeholder option shares its words.)
    expect(await category.getAttribute('aria-invalid')).not.toBe('true');
    expect(await category.evaluate((el) => el.getAttribute('aria-describedby') ?? '')).not.toMatch(/error/);
    expect(await category.inputValue()).toBe('sport');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
