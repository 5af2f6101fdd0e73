// The benchmark's HTTP load generator, in a process of its own (plain JavaScript: started by Node directly).
// In the server's process its requests and the server's would share one event loop, and the client's own cost
// (building, sending and parsing requests) would be counted as the server's overhead.
// Protocol over the IPC channel: the parent sends
//   { id, url, method, headers, body?, concurrency, seconds, warmup }
// where `{n}` in `body` is replaced by a number counting up (so every update changes the row); the child answers
//   { id, ops, perSecond, p50, p99, errors, statuses }   (latencies in ms; a 2xx/3xx other than `expect` is an error)
import http from 'node:http';
import { request } from './http-request.mjs';

let counter = 0;

async function run({ url, method, headers, body, concurrency, seconds, expect, warmup }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const one = () =>
    request(
      agent,
      target,
      method,
      headers,
      body === undefined ? undefined : body.replaceAll('{n}', String(++counter)),
    );
  const statuses = {};
  const latencies = [];
  let errors = 0;
  for (let i = 0; i < warmup; i++) await one().catch(() => 0);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await one().catch(() => 0);
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== expect) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    statuses,
  };
}

process.on('message', (msg) => {
  if (msg === 'exit') process.exit(0);
  run(msg).then(
    (out) => process.send({ id: msg.id, ...out }),
    (err) => process.send({ id: msg.id, error: String(err?.stack ?? err) }),
  );
});
// The parent going away ends this process too.
process.on('disconnect', () => process.exit(0));
