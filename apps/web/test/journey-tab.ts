// The tabs of the journeys (startJourney, e2e.ts): a passed journey's tab, emptied, is the same test file's next
// journey's, instead of a new context and tab (see startJourney for what emptied means and what it saves).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { backend, baseUrl } from './helpers.ts';

/**
 * A tab for a new journey: one of the file's emptied tabs, or a new context and page, which `setUp` prepares once
 * (it is given the page and the tab).
 */
export async function takeTab(browser: Browser, setUp: (page: Page, tab: Tab) => void): Promise<Tab> {
  let tab = emptiedTabs(browser).pop();
  if (!tab) {
    tab = await newTab(browser, [new URL(baseUrl()).origin, new URL(backend().url).origin]);
    setUp(tab.page, tab);
  }
  tab.handOut();
  return tab;
}

/** A journey's context and its one page, as startJourney hands them out and takes them back. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  waitsForHydration: boolean;
  /** Marks the tab as in use by a new journey. */
  handOut: () => void;
  /** Empties the tab for the next journey, or closes its context when it cannot be emptied. */
  release: () => Promise<void>;
}

/** Per connection to Chromium (one per test file): the emptied tabs, ready for the file's next journey. */
const emptied = new WeakMap<Browser, Tab[]>();
function emptiedTabs(browser: Browser): Tab[] {
  let tabs = emptied.get(browser);
  if (!tabs) emptied.set(browser, (tabs = []));
  return tabs;
}

/** What a test may do to a journey that no emptying undoes: the journey's context is closed after it. */
const lasting = {
  context: [
    'addInitScript',
    'exposeBinding',
    'exposeFunction',
    'newCDPSession',
    'newPage',
    'routeFromHAR',
    'routeWebSocket',
    'setDefaultNavigationTimeout',
    'setExtraHTTPHeaders',
    'setGeolocation',
    'setHTTPCredentials',
  ],
  page: [
    'addInitScript',
    'emulateMedia',
    'exposeBinding',
    'exposeFunction',
    'routeFromHAR',
    'routeWebSocket',
    'setDefaultNavigationTimeout',
    'setDefaultTimeout',
    'setExtraHTTPHeaders',
  ],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
} as const;

type Methods = Record<string, (...args: unknown[]) => unknown>;
type Emitter = { removeListener: (event: unknown, listener: unknown) => void };

/** Replaces each named method of `target` by one that calls `call` first. */
function callFirst(target: object, names: readonly string[], call: (args: unknown[]) => void): void {
  const methods = target as Methods;
  for (const name of names) {
    const method = methods[name]!.bind(target);
    methods[name] = (...args: unknown[]) => {
      call(args);
      return method(...args);
    };
  }
}

async function newTab(browser: Browser, origins: string[]): Promise<Tab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const realClose = context.close.bind(context);
  let unchanged = true;
  const changed = () => (unchanged = false);
  callFirst(context, lasting.context, changed);
  callFirst(page, lasting.page, changed);
  callFirst(page.clock, lasting.clock, changed);
  // The listeners the journey adds (startJourney's and the test's), removed when the tab is emptied.
  const listeners: (() => void)[] = [];
  for (const emitter of [page, context])
    callFirst(
      emitter,
      ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'],
      ([event, fn]) => listeners.push(() => (emitter as unknown as Emitter).removeListener(event, fn)),
    );
  const empty = async () => {
    if (unchanged && !page.isClosed() && context.pages().length === 1)
      try {
        for (const remove of listeners.splice(0)) remove();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await context.setOffline(false);
        await page.goto('about:blank');
        for (const origin of origins)
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
        await context.clearCookies();
        await context.clearPermissions();
        emptiedTabs(browser).push(tab);
        return;
      } catch {
        // Not emptied: closed below.
      }
    await realClose();
  };
  // Released once per hand-out (a test may close the context, and then its end releases it again).
  let releasing: Promise<void> | undefined;
  const tab: Tab = {
    context,
    page,
    waitsForHydration: true,
    handOut: () => (releasing = undefined),
    release: () => (releasing ??= empty()),
  };
  // A test that closes its journey's context hands the tab back.
  context.close = () => tab.release();
  return tab;
}
