// A page init script (Playwright's addInitScript) that counts what a long-running page holds: its active timeouts and
// intervals (setTimeout/setInterval wrapped; add it after page.clock.install so it wraps the simulated ones) and its
// open WebSockets. `window.__soak()` answers the counts. Used by the display's soak benchmark and its journey.
export function countTimersAndSockets() {
  const active = new Map();
  let made = 0;
  const [st, ct, si, ci] = [setTimeout, clearTimeout, setInterval, clearInterval];
  window.setTimeout = function (fn, ms, ...rest) {
    let id;
    const run =
      typeof fn === 'function'
        ? function (...a) {
            active.delete(id);
            return fn.apply(this, a);
          }
        : fn;
    id = st(run, ms, ...rest);
    active.set(id, 'timeout');
    made += 1;
    return id;
  };
  window.setInterval = function (fn, ms, ...rest) {
    const id = si(fn, ms, ...rest);
    active.set(id, 'interval');
    made += 1;
    return id;
  };
  window.clearTimeout = (id) => {
    if (active.get(id) === 'interval') return window.clearInterval(id);
    active.delete(id);
    return ct(id);
  };
  window.clearInterval = (id) => {
    if (active.get(id) === 'timeout') return window.clearTimeout(id);
    active.delete(id);
    return ci(id);
  };
  const sockets = new Set();
  let opened = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...a) {
      super(...a);
      opened += 1;
      sockets.add(this);
      this.addEventListener('close', () => sockets.delete(this));
    }
  };
  window.__soak = () => {
    const kinds = [...active.values()];
    return {
      timeouts: kinds.filter((k) => k === 'timeout').length,
      intervals: kinds.filter((k) => k === 'interval').length,
      timersMade: made,
      sockets: [...sockets].filter((s) => s.readyState === Native.OPEN).length,
      socketsMade: opened,
      now: Date.now(),
    };
  };
}
