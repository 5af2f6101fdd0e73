/**
 * The benchmark's HTTP load generator, run in a worker thread so the client's own cost (Node's HTTP client,
 * response parsing) is not charged to the server's event loop. Plain JavaScript: it only needs node:http.
 *
 * workerData: { url, method, headers, body?, concurrency, seconds, expect }
 *   body may contain `{n}`, replaced by a counter on every request (so updates change a value each time).
 * Posts back: { ops, seconds, latencies (ms, sorted), errors }.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, concurrency, seconds, expect } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const target = new URL(url);
let n = 0;

function once() {
  return new Promise((resolve) => {
    const req = http.request(target, { method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === expect));
    });
    req.on('error', () => resolve(false));
    req.end(body === undefined ? undefined : body.replaceAll('{n}', String(++n)));
  });
}

for (let i = 0; i < Math.min(20, concurrency * 2); i++) await once(); // warm-up
const latencies = [];
let errors = 0;
const started = performance.now();
const end = started + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const ok = await once();
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
parentPort.postMessage({ ops: latencies.length, seconds: elapsed, latencies, errors });
