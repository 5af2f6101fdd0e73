/**
 * The security headers of the served site: a strict Content-Security-Policy the pages work under (no violation while
 * they load, sign in, open the user menu, reach the backend over fetch and WebSocket and show its images), no framing
 * by another origin, and the referrer and permissions policies.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backend, baseUrl, createConfirmedUser, uniqueEmail } from './helpers.ts';
import { authForm, menuTrigger, startJourney, submitSignIn, url } from './e2e.ts';
import { browser } from './shared-browser.ts';

/** Another origin (a different port on loopback) that tries to frame the site. */
let attacker: Server;
let attackerUrl: string;

beforeAll(async () => {
  attacker = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('frame') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>framer</title><iframe id="victim" src="${target.replace(/"/g, '&quot;')}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

/** Headers of a raw request (no redirect following, any method). */
function rawHeaders(
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(baseUrl() + path, { method }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The CSP directives of a header value, by name. */
const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('headers on every response', () => {
  it.each([
    ['a prerendered page', '/', 'GET', 200],
    ['the auth page', '/auth', 'GET', 200],
    ['a hashed asset', null, 'GET', 200],
    ['the not-found page', '/no/such/page', 'GET', 404],
    ['a trailing-slash redirect', '/services/', 'GET', 301],
    ['a refused method', '/', 'POST', 405],
  ] as const)('%s', async (_label, path, method, status) => {
    const asset =
      path ?? (await (await fetch(baseUrl() + '/')).text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const res = await rawHeaders(asset, method);
    expect(res.status).toBe(status);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('derives the backend origins from the URL the site was built against', async () => {
    const backendOrigin = new URL(backend().url);
    const csp = directives(String((await rawHeaders('/')).headers['content-security-policy']));
    expect(csp['connect-src']).toEqual(["'self'", backendOrigin.origin, `ws://${backendOrigin.host}`]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', backendOrigin.origin]);
  });
});

describe('framing', () => {
  const framedFrom = async (page: Page, target: string) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${attackerUrl}/?frame=${encodeURIComponent(target)}`);
    const frame = await (await page.$('#victim'))!.contentFrame();
    // A refused frame is left on Chromium's error page; an allowed one shows the target's document.
    await page.waitForTimeout(500);
    const title = await frame!.evaluate(() => document.title).catch(() => null);
    return { frameUrl: frame!.url(), title, refused };
  };

  it('/auth cannot be framed by another origin', async () => {
    const { context, page } = await startJourney(browser);
    try {
      const result = await framedFrom(page, url('/auth'));
      expect(result.frameUrl).not.toBe(url('/auth'));
      expect(result.title ?? '').not.toMatch(/Pentland/);
      expect(result.refused.join('\n')).toMatch(/frame-ancestors 'none'/);
    } finally {
      await context.close();
    }
  });

  it('(control) the same framing page does show a frameable document', async () => {
    const { context, page } = await startJourney(browser);
    try {
      const result = await framedFrom(page, `${attackerUrl}/?frame=about:blank`);
      expect(result.title).toBe('framer');
      expect(result.refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('no Content-Security-Policy violation while the site does its work', () => {
  /** Records every securitypolicyviolation event of the page's documents. */
  const watchViolations = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
    });
  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

  // On every public route, as rendered and hydrated: public-pages.test.ts, on its one visit of each page.

  it('signed in: the user menu, the backend over fetch and WebSocket, storage, blob: and data: images', async () => {
    const email = uniqueEmail('csp');
    await createConfirmedUser(email, 'csp-password-1', 'Isla Mackay');
    const { context, page, errors } = await startJourney(browser);
    try {
      await watchViolations(page);
      await page.goto(url('/auth'));
      await submitSignIn(authForm(page), email, 'csp-password-1');
      await page.waitForURL(url('/welcome'));
      // Radix's dropdown locks scrolling with a <style> element it inserts at run time.
      await menuTrigger(page, 'Isla Mackay').click();
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('Escape');

      const { url: api, anonKey } = backend();
      const seeded = (await (
        await fetch(`${api}/storage/v1/object/list/article-images`, {
          method: 'POST',
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ prefix: 'seed' }),
        })
      ).json()) as { name: string }[];
      expect(seeded.length).toBeGreaterThan(0);
      const outcome = await page.evaluate(
        async ({ api, anonKey, image }) => {
          const loads = (src: string) =>
            new Promise<number>((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img.naturalWidth);
              img.onerror = () => resolve(-1);
              img.src = src;
            });
          const rest = await fetch(`${api}/rest/v1/articles?select=id&limit=1`, {
            headers: { apikey: anonKey },
          });
          const ws = await new Promise<string>((resolve) => {
            try {
              const socket = new WebSocket(
                `${api.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`,
              );
              socket.onopen = () => (socket.close(), resolve('open'));
              // No Realtime server yet is a network failure, not a policy refusal (which throws or reports).
              socket.onerror = () => resolve('network error');
            } catch (err) {
              resolve(`refused: ${String(err)}`);
            }
          });
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 4;
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
          return {
            rest: rest.status,
            ws,
            storage: await loads(`${api}/storage/v1/object/public/article-images/seed/${image}`),
            blob: await loads(URL.createObjectURL(blob)),
            data: await loads(canvas.toDataURL('image/png')),
          };
        },
        { api, anonKey, image: seeded[0]!.name },
      );
      expect(outcome.rest).toBe(200);
      expect(outcome.ws).not.toMatch(/^refused/);
      expect(outcome.storage).toBeGreaterThan(0);
      expect(outcome.blob).toBe(4);
      expect(outcome.data).toBe(4);
      expect(await violations(page)).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

      // (control) The listener does see a refusal: an image from an origin the policy does not name.
      await page.evaluate((src) => {
        const img = new Image();
        img.src = src;
      }, `${attackerUrl}/not-allowed.png`);
      await expect.poll(() => violations(page)).toEqual([`img-src ${attackerUrl}/not-allowed.png`]);
    } finally {
      await context.close();
    }
  });
});
