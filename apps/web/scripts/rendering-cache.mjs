// The renderings serve.mjs keeps of the pages it renders on request (articles, the live pages, the sitemap and the
// feed): each is reused only while the backend reports the version it was made from, so an unpublish, a delete or an
// edit is served at once, and the backend is asked that once per key per round trip however many requests arrive.

/**
 * How long a rendering of a page made on request is reused at most. Within it, each request first asks the backend
 * for the article's current version (a small indexed read), so an unpublish, a delete or an edit is served at once;
 * the limit only bounds how long what is not in the article's row (its author's name) can lag.
 */
export const renderingTtlMs = 60_000;

/**
 * A cache of renderings by key, at most `maxEntries` (all dropped past that: a few hundred pages at most), each
 * reused for `ttlMs` at most.
 */
export function createRenderingCache({ ttlMs = renderingTtlMs, maxEntries = 500 } = {}) {
  // { version, expires, value } by key.
  const rendered = new Map();

  // Version checks by key. A request never relies on a check that was already running when it arrived (that one may
  // have read the article just before a retraction the request follows), but every request arriving meanwhile shares
  // the one check that starts next: under load, one check per key per backend round trip, not one per request.
  const checks = new Map();
  function freshCheck(key, check) {
    let state = checks.get(key);
    const settle = (p) => {
      const done = () => {
        if (checks.get(key) === state && !state.next) checks.delete(key);
      };
      p.then(done, done);
      return p;
    };
    if (!state) {
      state = { next: null };
      checks.set(key, state);
      state.running = settle(Promise.resolve().then(check));
      return state.running;
    }
    const waiting = state;
    waiting.next ??= waiting.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        waiting.running = settle(Promise.resolve().then(check));
        waiting.next = null;
        return waiting.running;
      });
    return waiting.next;
  }

  /**
   * A rendering kept under `key`, reused only while `check()` reports the version it was made from; otherwise (or
   * when it is older than ttlMs) `make()` renders anew. `check` answers the current version, or
   * { gone: true } (dropped, not rendered), or { unreachable: true }.
   */
  async function current(key, check, make) {
    const hit = rendered.get(key);
    if (hit && hit.expires > Date.now()) {
      const now = await freshCheck(key, check);
      if (now.version !== undefined && now.version === hit.version) return hit.value;
      if (now.version === undefined) {
        rendered.delete(key);
        return now;
      }
    }
    const value = await make();
    if (value.version !== undefined) {
      if (rendered.size > maxEntries) rendered.clear();
      rendered.set(key, { version: value.version, value, expires: Date.now() + ttlMs });
    } else rendered.delete(key);
    return value;
  }

  return { current };
}
