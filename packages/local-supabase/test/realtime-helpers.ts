/** Helpers for the Realtime suites: supabase-js clients with their own Realtime token, and waiting on channels. */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { REALTIME_DEFAULTS, type RealtimeConfig } from '../src/config.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

/** Realtime limits for tests: refused joins answer at once instead of after Realtime's 5 s pause. */
export const testRealtime = (overrides: Partial<RealtimeConfig> = {}): RealtimeConfig => ({
  ...REALTIME_DEFAULTS,
  channelErrorBackoffMs: 20,
  connectErrorBackoffMs: 20,
  ...overrides,
});

export const startRealtimeBackend = (overrides: Partial<RealtimeConfig> = {}): Promise<TestBackend> =>
  startTestBackend({ realtime: testRealtime(overrides) });

/**
 * A supabase-js client whose REST and Realtime calls carry `token` (a user's access token), or the anon key.
 * `vsn` picks Realtime's serializer.
 */
export type RealtimeTestClient = SupabaseClient & { setToken(next: string): void };

export function realtimeClient(
  b: TestBackend,
  token?: string,
  opts: { vsn?: '1.0.0' | '2.0.0'; key?: string } = {},
): RealtimeTestClient {
  let current = token;
  const client = createClient(b.url, opts.key ?? b.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      ...(opts.vsn ? { vsn: opts.vsn } : {}),
    },
    ...(token ? { accessToken: async () => current ?? null } : {}),
  });
  // Set before any channel joins: realtime-js reads the token into the join payload when subscribe() is called,
  // and the accessToken callback alone would only resolve after that (the join would go out with the anon key).
  if (token) void client.realtime.setAuth(token);
  return Object.assign(client, {
    /** Changes the token the accessToken callback returns (what a refresh does). */
    setToken(next: string) {
      current = next;
    },
  });
}

export type Status = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

/** Subscribes and resolves with the first status (and the error the client reports with it). */
export function subscribe(
  channel: RealtimeChannel,
  timeoutMs = 15_000,
): Promise<{ status: Status; error?: Error }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no status for ${channel.topic} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    channel.subscribe((status, error) => {
      clearTimeout(timer);
      resolve({ status: status as Status, error });
    });
  });
}

export async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  const { status, error } = await subscribe(channel);
  if (status !== 'SUBSCRIBED') throw new Error(`${channel.topic}: ${status} ${error?.message ?? ''}`);
  return channel;
}

/** Waits until `check` returns a truthy value (polling), or fails with `what`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until every change committed so far has been through the server's fan-out, then a little more for
 * the frames to cross loopback: "nothing arrived" is then a real answer, not an impatient one.
 */
export async function quiesce(b: TestBackend): Promise<void> {
  await b.realtime.settled();
  await new Promise((r) => setTimeout(r, 150));
}

/** A raw WebSocket on /realtime/v1/websocket, for what supabase-js never sends. */
export async function rawSocket(b: TestBackend, query: Record<string, string> = {}): Promise<RawSocket> {
  const url = new URL('/realtime/v1/websocket', b.url.replace(/^http/, 'ws'));
  const params = { apikey: b.anonKey, vsn: '2.0.0', ...query };
  for (const [k, v] of Object.entries(params)) if (v !== '') url.searchParams.set(k, v);
  const ws = new WebSocket(url);
  const frames: unknown[] = [];
  ws.on('message', (data, isBinary) => frames.push(isBinary ? data : JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames };
}

export interface RawSocket {
  ws: WebSocket;
  frames: unknown[];
}

/** The first frame (V2 array) matching topic/event/ref, waiting for it. */
export async function frame(
  sock: RawSocket,
  match: { topic?: string; event?: string; ref?: string },
  timeoutMs = 5000,
): Promise<unknown[]> {
  const found = await waitFor(
    () =>
      sock.frames.find(
        (f): f is unknown[] =>
          Array.isArray(f) &&
          (match.topic === undefined || f[2] === match.topic) &&
          (match.event === undefined || f[3] === match.event) &&
          (match.ref === undefined || f[1] === match.ref),
      ),
    `frame ${JSON.stringify(match)}`,
    timeoutMs,
  );
  return found!;
}
