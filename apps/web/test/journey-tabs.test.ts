// startJourney hands a passed journey's tab to the file's next journey only once it is emptied: nothing a journey
// stored, granted, routed or listened for reaches the next one, and a tab changed in a lasting way is closed instead.
import { describe, expect, it } from 'vitest';
import { startJourney, url, type Journey } from './e2e.ts';
import { browser } from './shared-browser.ts';

describe('journeys share a tab only once it is emptied', () => {
  it('a tab is reused when its journey changed nothing lasting, and then holds nothing of it: no storage, cookie, permission, route or listener, and online', async () => {
    const first = await startJourney(browser, { width: 375, height: 812 });
    await first.page.goto(url('/contact'));
    await first.page.evaluate(async () => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; path=/';
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('left-behind');
        open.onupgradeneeded = () => open.result.createObjectStore('things');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      });
    });
    await first.context.grantPermissions(['clipboard-read'], { origin: new URL(url('/')).origin });
    const heard: string[] = [];
    first.page.on('console', (m) => heard.push(m.text()));
    await first.page.route('**/contact', (r) => r.abort());
    await first.context.route('**/services', (r) => r.abort());
    await first.context.setOffline(true);
    await first.context.close();

    const second = await startJourney(browser);
    expect(second.page).toBe(first.page);
    expect(second.page.url()).toBe('about:blank');
    expect(second.page.viewportSize()).toEqual({ width: 1280, height: 800 });
    // Online, and neither of the last journey's routes answers for the site.
    expect((await second.page.goto(url('/services')))?.status()).toBe(200);
    expect((await second.page.goto(url('/contact')))?.status()).toBe(200);
    const left = await second.page.evaluate(async () => ({
      local: localStorage.getItem('left'),
      session: sessionStorage.getItem('left'),
      cookie: document.cookie.includes('left='),
      databases: (await indexedDB.databases()).map((d) => d.name),
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
    }));
    expect(left).toEqual({ local: null, session: null, cookie: false, databases: [], clipboard: 'prompt' });
    await second.page.evaluate(() => console.log('said in the second journey'));
    expect(heard).toEqual([]);
    await second.context.close();
  });

  it('a tab given an init script, a WebSocket route or the clock is closed, not reused', async () => {
    const changes: ((journey: Journey) => Promise<unknown>)[] = [
      (j) => j.page.addInitScript(() => undefined),
      (j) => j.context.routeWebSocket('**/nothing', (ws) => ws.connectToServer()),
      (j) => j.page.clock.install(),
    ];
    for (const change of changes) {
      const changed = await startJourney(browser);
      await changed.page.goto(url('/contact'));
      await change(changed);
      await changed.context.close();
      expect(changed.page.isClosed()).toBe(true);
      const next = await startJourney(browser);
      expect(next.page).not.toBe(changed.page);
      await next.context.close();
    }
  });
});

describe("the journeys' Chromium", () => {
  it('opens no address-bar popup for a new context, and keeps off the features Playwright turns off', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('chrome://version');
      const commandLine = (await page.locator('#command_line').textContent()) ?? '';
      const lists = commandLine.split(' ').filter((arg) => arg.startsWith('--disable-features='));
      // One list (Chromium keeps only the last), Playwright's and the journeys' own.
      expect(lists).toHaveLength(1);
      const off = (lists[0] ?? '').slice('--disable-features='.length).split(',');
      expect(off).toEqual(
        expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PaintHolding']),
      );
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      await cdp.detach();
      expect(targetInfos.filter((t) => t.type !== 'page').map((t) => t.url)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
