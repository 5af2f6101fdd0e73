// Realtime benchmark's load process (plain JS, run by bench/realtime.ts in a child process so that the server's
// figures do not include the clients' cost): N supabase-js clients, each signed in as its own user, subscribed to
// one table; a REST reader measuring read latency. Talks to its parent over IPC:
//   parent → { cmd: 'start', url, anonKey, tokens, table, restPath }     child → { event: 'ready' }
//   parent → { cmd: 'rest', phase, seconds, url, anonKey, restPath }      child → { event: 'rest', phase, latency }
// (the REST reader runs in a process of its own, so that the subscribers' work does not delay its requests)
//   parent → { cmd: 'finish', commits: { [id]: commitTimeMs } }           child → { event: 'result', ... }
import { createClient } from '@supabase/supabase-js';
import http from 'node:http';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const receipts = []; // [rowId, receivedAt] per delivery, flat
let clients = [];

async function start(msg) {
  clients = msg.tokens.map((token) => {
    const c = createClient(msg.url, msg.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      accessToken: async () => token,
      realtime: { transport: WebSocket },
    });
    void c.realtime.setAuth(token);
    return c;
  });
  await Promise.all(
    clients.map(
      (c, i) =>
        new Promise((resolve, reject) => {
          let subscribed = false;
          const timer = setTimeout(() => reject(new Error(`subscriber ${i} not ready`)), 120_000);
          c.channel(`bench-${i}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: msg.table }, (p) => {
              receipts.push(Number(p.new.id), now());
            })
            .on('system', {}, (p) => {
              if (p.extension === 'postgres_changes' && p.status === 'ok' && subscribed) {
                clearTimeout(timer);
                resolve();
              }
            })
            .subscribe((status, err) => {
              if (status === 'SUBSCRIBED') subscribed = true;
              else if (status !== 'CLOSED')
                reject(new Error(`subscriber ${i}: ${status} ${err?.message ?? ''}`));
            });
        }),
    ),
  );
  process.send({ event: 'ready' });
}

function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

async function rest({ phase, seconds, url: base, anonKey, restPath }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const url = new URL(restPath, base);
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await get(agent, url, headers).catch(() => 0);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  agent.destroy();
  process.send({ event: 'rest', phase, latency: percentiles(latencies), errors });
}

const percentiles = (values) => {
  values.sort((a, b) => a - b);
  const at = (p) => values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
  return { n: values.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: values[values.length - 1] ?? 0 };
};

async function finish({ commits }) {
  const latencies = [];
  let delivered = 0;
  let unknown = 0;
  const perRow = new Map();
  for (let i = 0; i < receipts.length; i += 2) {
    const committed = commits[receipts[i]];
    delivered++;
    perRow.set(receipts[i], (perRow.get(receipts[i]) ?? 0) + 1);
    if (committed === undefined) unknown++;
    else latencies.push(receipts[i + 1] - committed);
  }
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  process.send({
    event: 'result',
    delivered,
    unknown,
    perRow: Object.fromEntries(perRow),
    latency: percentiles(latencies),
  });
}

process.on('message', (msg) => {
  const run = { start, rest, finish }[msg.cmd];
  run(msg).catch((err) => {
    process.send({ event: 'error', message: String(err?.stack ?? err) });
  });
});
