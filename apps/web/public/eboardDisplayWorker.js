// The E-Board display's service worker (registered only by /eboard-welcome?display=1, scope /eboard-welcome): it
// keeps the page, the code and fonts it ran with and the current board's pictures in Cache Storage, so that after a
// reload or a power cut with the network or the backend down the screen starts from them. The page tells it what to
// keep (a 'keep' message after each board read); anything else it kept is dropped then, so it holds one board.
// The board's entries themselves are the page's (localStorage): the worker never answers the backend's API.
const PAGES = 'eboard-display-pages-v1';
// v2: v1 also kept the backend's refusals (opaque answers) as pictures.
const IMAGES = 'eboard-display-images-v2';
/**
 * A page request waits this long for the network before the stored page is used: the screen must show its board
 * within 3 s even when the network swallows requests without an answer, and the app itself takes a second or so to
 * start on a slow screen (the network's page, when it comes, is still stored for the next start).
 */
const NAVIGATION_TIMEOUT_MS = 1000;
const BOARD_IMAGE = /\/storage\/v1\/object\/public\/eboard-approved\//;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      // An earlier version's stores go: what they held is kept again, as this version keeps it.
      for (const name of await caches.keys())
        if (name !== PAGES && name !== IMAGES) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);

/** The page's address without its query: one stored page serves every ?display=… address. */
const pageKey = (url) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

/**
 * The stored page, saying so: a `Server-Timing: display-page;desc="stored"` header, which the page reads from its
 * navigation entry. The network did not answer (in time), so the page marks its board offline at once instead of
 * waiting for a read of its own to fail.
 */
function markedStored(stored) {
  const headers = new Headers(stored.headers);
  headers.append('Server-Timing', 'display-page;desc="stored"');
  return new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

async function fromNetworkOrStored(request) {
  const cache = await caches.open(PAGES);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(pageKey(request.url), response.clone());
    return response;
  });
  const stored = await cache.match(pageKey(request.url));
  if (!stored) return network;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  try {
    return (await Promise.race([network, timeout])) ?? markedStored(stored);
  } catch {
    return markedStored(stored);
  }
}

/** The stored answer to `request` in `cacheName`, else what `get` answers (kept when it answers 2xx). */
async function storedOr(cacheName, request, get) {
  const cache = await caches.open(cacheName);
  const stored = await cache.match(request.url, { ignoreVary: true });
  if (stored) return stored;
  const response = await get();
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

/**
 * A board picture from the backend's Storage, asked for with CORS (Storage answers every origin) so that its status
 * can be read: a refusal (an object not found, a restart, a limit) is not a picture and is never kept, where an
 * <img>'s own no-cors request would get an opaque answer that could be either.
 */
const fetchPicture = (url) => fetch(new Request(url, { mode: 'cors', credentials: 'omit' }));

/** The site's other files (fonts, images, not content-hashed): the network's when it answers, else the stored one. */
async function networkOrStored(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const stored = await cache.match(request, { ignoreVary: true });
    if (stored) return stored;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') event.respondWith(fromNetworkOrStored(request));
  else if (url.origin === self.location.origin)
    // Build files are content-hashed: a stored one is always right.
    event.respondWith(
      url.pathname.startsWith('/assets/')
        ? storedOr(PAGES, request, () => fetch(request))
        : networkOrStored(request),
    );
  else if (BOARD_IMAGE.test(url.pathname))
    // A backend that refused CORS would still show its pictures, as the <img> asked for them, only not kept.
    event.respondWith(storedOr(IMAGES, request, () => fetchPicture(request.url).catch(() => fetch(request))));
});

/**
 * Stores what is missing of `urls` (each fetched by `get`, kept when it answers 2xx) and drops what the cache holds
 * beyond them.
 */
async function keep(cacheName, urls, get) {
  const cache = await caches.open(cacheName);
  const wanted = new Set(urls);
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url, { ignoreVary: true })) return;
      try {
        const response = await get(url);
        if (response.ok) await cache.put(url, response);
      } catch {
        // Offline now: it is stored the next time.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.files) || !Array.isArray(data.images)) return;
  const same = (u) => typeof u === 'string' && u.startsWith(self.location.origin + '/');
  const files = data.files.filter(same);
  const page = typeof data.page === 'string' && same(data.page) ? pageKey(data.page) : null;
  const images = data.images.filter((u) => typeof u === 'string' && BOARD_IMAGE.test(new URL(u).pathname));
  event.waitUntil(
    Promise.all([
      keep(PAGES, page ? [...files, page] : files, (url) => fetch(new Request(url, { mode: 'same-origin' }))),
      keep(IMAGES, images, fetchPicture),
    ]).then(() => event.source && event.source.postMessage({ type: 'kept' })),
  );
});
