import { createServer as createTcpServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createSiteServer } from '../scripts/serve.mjs';

/** The longest a page rendered on request may wait for the backend. */
const backendWaitMs = 300;
const seededArticle = '/articles/a7f0c3e2-0000-4000-8000-000000000001';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A GET with its time to the whole answer; given up (failing the test) after `giveUpMs`. */
async function timedGet(url: string, giveUpMs = 5_000) {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(giveUpMs) });
  const html = await res.text();
  return { status: res.status, html, ms: performance.now() - started };
}

// A backend that accepts connections and never answers: the pages rendered on request wait for it at most
// backendWaitMs, then serve their fallback (the article's client-rendered template, home's prerendered page).
describe('a backend that does not answer', () => {
  const sockets = new Set<Socket>();
  const silent = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let site: HttpServer;
  let base: string;

  beforeAll(async () => {
    const backendPort = await listen(silent);
    site = createSiteServer({
      root: inject('siteDir'),
      backend: { url: `http://127.0.0.1:${backendPort}`, anonKey: inject('anonKey') },
    });
    base = `http://127.0.0.1:${await listen(site)}`;
  });
  afterAll(async () => {
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('keeps an article page waiting no longer than the bound: the browser renders it', async () => {
    // The first request also loads the server's renderer (seconds on a loaded machine, not spent on the backend):
    // the bound is timed from the second.
    const first = await timedGet(base + seededArticle, 80_000);
    expect(first.status).toBe(200);
    const second = await timedGet(`${base}/articles/some-other-article`);
    expect(second.status).toBe(200);
    // The client-rendered template with the requested address in it, not an article rendered on request.
    expect(second.html).not.toContain('data-start="islands"');
    expect(second.html).toContain('some-other-article');
    // 300 ms of waiting plus the answer itself on a loaded machine; without the bound it never comes.
    expect(second.ms).toBeLessThan(backendWaitMs + 1_200);
    const again = await timedGet(base + seededArticle);
    expect(again.ms).toBeLessThan(backendWaitMs + 1_200);
  }, 120_000);

  it('serves home as prerendered within the bound', async () => {
    const home = await timedGet(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.html).not.toContain('id="latest-articles-data"');
    expect(home.ms).toBeLessThan(backendWaitMs + 1_200);
  });
});
