/**
 * Bad input and limits on the Realtime socket, over a raw WebSocket where supabase-js would never send it:
 * each answered with Realtime's error (or ignored, as Realtime does), never a crash; the server keeps
 * answering afterwards.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import type { TestBackend } from './helpers.ts';
import type { RealtimeConfig } from '../src/config.ts';
import { frame, rawSocket, startRealtimeBackend, waitFor, type RawSocket } from './realtime-helpers.ts';

let b: TestBackend;
const sockets: RawSocket[] = [];
const open = async (query: Record<string, string> = {}) => {
  const s = await rawSocket(b, query);
  sockets.push(s);
  return s;
};
const send = (s: RawSocket, msg: unknown[]) => s.ws.send(JSON.stringify(msg));
const joinMsg = (topic: string, ref: string, payload: Record<string, unknown> = { config: {} }) => [
  ref,
  ref,
  topic,
  'phx_join',
  payload,
];

beforeAll(async () => {
  // Rate counters tick every 200 ms here (Realtime: 5 s) so that a test sees a limit trigger quickly.
  b = await startRealtimeBackend({ maxChannelsPerClient: 3, maxPayloadBytes: 4096, rateTickMs: 200 });
});

/** Runs `fn` with some limits lowered on the running backend (its configuration is read live), then restores them. */
async function withLimits(overrides: Partial<RealtimeConfig>, fn: () => Promise<void>): Promise<void> {
  const saved = { ...b.config.realtime };
  Object.assign(b.config.realtime, overrides);
  try {
    await fn();
  } finally {
    Object.assign(b.config.realtime, saved);
    // Let the rate counters fall back under the restored limits.
    await new Promise((r) => setTimeout(r, 400));
  }
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

afterAll(async () => {
  await b.stop();
});

/** The socket still answers heartbeats: nothing crashed. */
async function alive(s: RawSocket): Promise<void> {
  const ref = randomUUID();
  send(s, [null, ref, 'phoenix', 'heartbeat', {}]);
  expect(await frame(s, { topic: 'phoenix', ref })).toEqual([
    null,
    ref,
    'phoenix',
    'phx_reply',
    { status: 'ok', response: {} },
  ]);
}

describe('connecting', () => {
  const refused = async (query: string) => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const ws = new WebSocket(`${b.url.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0${query}`);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => reject(new Error('connected')));
      ws.on('error', () => undefined);
    });
    return { status: res.status, body: JSON.parse(res.body) as unknown };
  };

  it('refuses a connection without a valid API key with Realtime status and message', async () => {
    expect(await refused('')).toEqual({ status: 401, body: { error: 'API key is missing' } });
    expect(await refused('&apikey=not-a-jwt')).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    });
    const forged = await signJwt(
      { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 },
      'another-secret-another-secret-another-secret',
    );
    expect(await refused(`&apikey=${forged}`)).toEqual({
      status: 401,
      body: { error: 'Failed to validate JWT signature' },
    });
    const expired = await signJwt(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 },
      b.config.jwtSecret,
    );
    expect(await refused(`&apikey=${expired}`)).toEqual({
      status: 401,
      body: { error: 'Token has expired' },
    });
  });

  it('answers 404 for other upgrade paths and 400 for a plain request to the socket path', async () => {
    const res = await fetch(`${b.url}/realtime/v1/websocket`);
    expect(res.status).toBe(400);
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${b.url.replace(/^http/, 'ws')}/rest/v1/websocket`);
        ws.on('unexpected-response', (_req, r) => resolve(r.statusCode));
        ws.on('open', () => reject(new Error('connected')));
        ws.on('error', () => undefined);
      }),
    ).resolves.toBe(404);
  });
});

describe('frames', () => {
  it('ignores malformed frames and keeps the socket', async () => {
    const s = await open();
    s.ws.send('{not json');
    s.ws.send('{"topic":"x"}');
    s.ws.send(JSON.stringify([1, 2, 3]));
    s.ws.send(Buffer.from([9, 1, 2, 3]));
    s.ws.send(Buffer.from([3, 200, 0, 0, 0, 0, 1]));
    await alive(s);
    expect(s.frames.filter((f) => !(Array.isArray(f) && f[2] === 'phoenix'))).toEqual([]);
  });

  it('answers unknown topics and messages to unjoined topics with "unmatched topic"', async () => {
    const s = await open();
    send(s, joinMsg('room:1', '1'));
    expect(await frame(s, { ref: '1' })).toEqual([
      '1',
      '1',
      'room:1',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    send(s, ['2', '2', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
    expect(await frame(s, { ref: '2' })).toEqual([
      '2',
      '2',
      'realtime:never-joined',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    send(s, joinMsg('realtime:', '3'));
    expect(await frame(s, { ref: '3' })).toEqual([
      '3',
      '3',
      'realtime:',
      'phx_reply',
      { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } },
    ]);
  });

  it('ignores unknown events on a joined channel, replies to phx_leave and closes with phx_close', async () => {
    const s = await open();
    send(s, joinMsg('realtime:ev', '1'));
    expect(await frame(s, { ref: '1' })).toEqual([
      '1',
      '1',
      'realtime:ev',
      'phx_reply',
      { status: 'ok', response: { postgres_changes: [] } },
    ]);
    send(s, ['1', '2', 'realtime:ev', 'no_such_event', { a: 1 }]);
    await alive(s);
    expect(s.frames.some((f) => Array.isArray(f) && f[1] === '2')).toBe(false);
    send(s, ['1', '3', 'realtime:ev', 'phx_leave', {}]);
    expect(await frame(s, { ref: '3' })).toEqual([
      '1',
      '3',
      'realtime:ev',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(await frame(s, { event: 'phx_close' })).toEqual(['1', '1', 'realtime:ev', 'phx_close', {}]);
  });

  it('closes the older channel when a topic is joined again', async () => {
    const s = await open();
    send(s, joinMsg('realtime:dup', '1'));
    await frame(s, { ref: '1' });
    send(s, joinMsg('realtime:dup', '5'));
    expect(await frame(s, { event: 'phx_close' })).toEqual(['1', '1', 'realtime:dup', 'phx_close', {}]);
    expect(await frame(s, { ref: '5' })).toMatchObject([
      '5',
      '5',
      'realtime:dup',
      'phx_reply',
      { status: 'ok' },
    ]);
  });

  it('speaks serializer 1.0.0 (JSON objects)', async () => {
    const s = await open({ vsn: '1.0.0' });
    s.ws.send(
      JSON.stringify({
        topic: 'realtime:v1',
        event: 'phx_join',
        payload: { config: {} },
        ref: '1',
        join_ref: '1',
      }),
    );
    await waitFor(() => s.frames.length, 'reply');
    expect(s.frames[0]).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
    });
  });
});

describe('joins', () => {
  it('refuses join tokens that are malformed, forged or expired with Realtime reasons', async () => {
    const s = await open();
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string][] = [
      ['garbage', 'MalformedJWT: The token provided is not a valid JWT'],
      [
        await signJwt({ role: 'anon', exp: now + 60 }, 'x'.repeat(40)),
        'JwtSignatureError: Failed to validate JWT signature',
      ],
      [
        await signJwt({ role: 'anon', exp: now - 5 }, b.config.jwtSecret),
        'InvalidJWTToken: Token has expired 5 seconds ago',
      ],
      [
        await signJwt({ exp: now + 60 }, b.config.jwtSecret),
        'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
      ],
    ];
    for (const [i, [token, reason]] of cases.entries()) {
      send(s, joinMsg(`realtime:tok-${i}`, `t${i}`, { config: {}, access_token: token }));
      const reply = (await frame(s, { ref: `t${i}` })) as [
        string,
        string,
        string,
        string,
        { status: string; response: { reason: string } },
      ];
      expect(reply[4].status).toBe('error');
      if (i === 2)
        expect(reply[4].response.reason).toMatch(/^InvalidJWTToken: Token has expired [5-7] seconds ago$/);
      else expect(reply[4].response.reason).toBe(reason);
    }
    await alive(s);
  });

  it('refuses more channels than a connection may hold', async () => {
    const s = await open();
    for (let i = 0; i < 3; i++) {
      send(s, joinMsg(`realtime:many-${i}`, `m${i}`));
      expect(await frame(s, { ref: `m${i}` })).toMatchObject([
        `m${i}`,
        `m${i}`,
        `realtime:many-${i}`,
        'phx_reply',
        { status: 'ok' },
      ]);
    }
    send(s, joinMsg('realtime:many-3', 'm3'));
    expect(await frame(s, { ref: 'm3' })).toEqual([
      'm3',
      'm3',
      'realtime:many-3',
      'phx_reply',
      { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } },
    ]);
    await alive(s);
  });

  it('refuses a join when the connected users are at the limit', async () => {
    await waitFor(() => b.realtime.connections() === 0, 'earlier sockets gone');
    await withLimits({ maxConcurrentUsers: 1 }, async () => {
      const first = await open();
      send(first, joinMsg('realtime:user-1', '1'));
      expect(await frame(first, { ref: '1' })).toMatchObject([
        '1',
        '1',
        'realtime:user-1',
        'phx_reply',
        { status: 'ok' },
      ]);
      const second = await open();
      send(second, joinMsg('realtime:user-2', 'u'));
      expect(await frame(second, { ref: 'u' })).toEqual([
        'u',
        'u',
        'realtime:user-2',
        'phx_reply',
        { status: 'error', response: { reason: 'ConnectionRateLimitReached: Too many connected users' } },
      ]);
      // A connection already counted may open more channels.
      send(first, joinMsg('realtime:user-1b', '2'));
      expect(await frame(first, { ref: '2' })).toMatchObject([
        '2',
        '2',
        'realtime:user-1b',
        'phx_reply',
        { status: 'ok' },
      ]);
    });
  });

  it('refuses joins above the joins-per-second rate, then disconnects the client', async () => {
    await withLimits({ maxJoinsPerSecond: 1 }, async () => {
      const s = await open();
      const closed = new Promise((r) => s.ws.once('close', r));
      // Joins until the rate counter's next tick sees more than one per second on average.
      let refused: unknown[] | null = null;
      for (let i = 0; i < 50 && !refused; i++) {
        send(s, ['1', `j${i}`, `realtime:j-${i % 3}`, 'phx_join', { config: {} }]);
        const reply = (await frame(s, { ref: `j${i}` })) as [
          string,
          string,
          string,
          string,
          { status: string },
        ];
        if (reply[4].status === 'error') refused = reply;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused).toMatchObject([
        '1',
        expect.any(String),
        expect.any(String),
        'phx_reply',
        { status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } },
      ]);
      await closed;
    });
  });
});

describe('messages', () => {
  it('refuses a broadcast above the payload limit (acknowledged as an error) and closes oversized frames', async () => {
    const s = await open();
    send(s, joinMsg('realtime:big', '1', { config: { broadcast: { ack: true } } }));
    await frame(s, { ref: '1' });
    send(s, [
      '1',
      '2',
      'realtime:big',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: { blob: 'x'.repeat(5000) } },
    ]);
    expect(await frame(s, { ref: '2' })).toEqual([
      '1',
      '2',
      'realtime:big',
      'phx_reply',
      { status: 'error', response: 'payload_size_exceeded' },
    ]);
    const closed = new Promise<number>((r) => s.ws.once('close', (code) => r(code)));
    s.ws.send('x'.repeat(4096 + 70 * 1024));
    expect(await closed).toBe(1009);
  });

  it('closes channels above the events-per-second rate with Realtime message', async () => {
    await withLimits({ maxEventsPerSecond: 5 }, async () => {
      const sender = await open();
      const receiver = await open();
      send(sender, joinMsg('realtime:flood', '1'));
      send(receiver, joinMsg('realtime:flood', '1'));
      await Promise.all([frame(sender, { ref: '1' }), frame(receiver, { ref: '1' })]);
      for (let i = 0; i < 20; i++)
        send(sender, [
          '1',
          null,
          'realtime:flood',
          'broadcast',
          { type: 'broadcast', event: 'e', payload: { i } },
        ]);
      await new Promise((r) => setTimeout(r, 300));
      send(sender, [
        '1',
        null,
        'realtime:flood',
        'broadcast',
        { type: 'broadcast', event: 'e', payload: { last: true } },
      ]);
      expect(await frame(receiver, { event: 'system' })).toEqual([
        '1',
        null,
        'realtime:flood',
        'system',
        { extension: 'system', status: 'error', message: 'Too many messages per second', channel: 'flood' },
      ]);
      expect(await frame(receiver, { event: 'phx_close' })).toEqual([
        '1',
        '1',
        'realtime:flood',
        'phx_close',
        {},
      ]);
    });
  });

  it('closes a channel that tracks presence more often than its window allows', async () => {
    await withLimits({ maxClientPresenceCalls: 2 }, async () => {
      const s = await open();
      send(s, joinMsg('realtime:busy', '1', { config: { presence: { key: 'me' } } }));
      await frame(s, { ref: '1' });
      for (const ref of ['2', '3']) {
        send(s, [
          '1',
          ref,
          'realtime:busy',
          'presence',
          { type: 'presence', event: 'track', payload: { n: ref } },
        ]);
        expect(await frame(s, { ref })).toMatchObject([
          '1',
          ref,
          'realtime:busy',
          'phx_reply',
          { status: 'ok' },
        ]);
      }
      send(s, [
        '1',
        '4',
        'realtime:busy',
        'presence',
        { type: 'presence', event: 'track', payload: { n: 4 } },
      ]);
      expect(await frame(s, { event: 'system' })).toEqual([
        '1',
        null,
        'realtime:busy',
        'system',
        {
          extension: 'system',
          status: 'error',
          message: 'Client presence rate limit exceeded',
          channel: 'busy',
        },
      ]);
      expect(await frame(s, { event: 'phx_close' })).toEqual(['1', '1', 'realtime:busy', 'phx_close', {}]);
      await alive(s);
    });
  });

  it('drops a client that stops reading once its unsent frames pass the limit, and nobody else', async () => {
    await waitFor(() => b.realtime.connections() === 0, 'earlier sockets gone');
    await withLimits({ maxBufferedBytes: 64 * 1024, maxEventsPerSecond: 1e9 }, async () => {
      const sender = await open();
      const stuck = await open();
      send(sender, joinMsg('realtime:firehose', '1'));
      send(stuck, joinMsg('realtime:firehose', '1'));
      await Promise.all([frame(sender, { ref: '1' }), frame(stuck, { ref: '1' })]);
      // The stuck client stops reading from its socket: what the server sends it piles up.
      (stuck.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const closed = new Promise((r) => stuck.ws.once('close', r));
      const blob = 'x'.repeat(3900);
      for (let i = 0; i < 6000 && b.realtime.connections() === 2; i++) {
        send(sender, [
          '1',
          null,
          'realtime:firehose',
          'broadcast',
          { type: 'broadcast', event: 'e', payload: { i, blob } },
        ]);
        if (i % 200 === 199) await new Promise((r) => setTimeout(r, 10));
      }
      await waitFor(() => b.realtime.connections() === 1, 'the server dropping the stuck client');
      (stuck.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      await closed;
      await alive(sender);
    });
  });

  it('closes a connection that goes silent', async () => {
    await withLimits({ idleTimeoutMs: 300 }, async () => {
      const s = await open();
      await new Promise((r) => s.ws.once('close', r));
      expect(s.ws.readyState).toBe(WebSocket.CLOSED);
      await waitFor(() => b.realtime.connections() === 0, 'the server forgetting the connection');
    });
  });
});
