/**
 * Supabase Realtime for the local backend: `/realtime/v1/websocket` (Phoenix channels over WebSocket, carried by
 * `ws`) and `/realtime/v1/api` (REST broadcast), on the backend's own HTTP server.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import { json } from '../http.ts';
import { tokenError, verifyToken } from './authorization.ts';
import { databaseBroadcast, handleApi } from './broadcast.ts';
import { RateCounter } from './limits.ts';
import { PostgresChanges, type ChangeStats } from './postgresChanges.ts';
import { PresenceTracker } from './presence.ts';
import { encodeMessage, VSNS, type Vsn } from './protocol.ts';
import { Registry } from './registry.ts';
import { Connection } from './socket.ts';
import type { Member, RealtimeContext } from './types.ts';

export const REALTIME_PATH = '/realtime/v1';
const WEBSOCKET_PATH = `${REALTIME_PATH}/websocket`;
const TOKEN_PROTOCOL = 'base64url.bearer.phx.';

export interface Realtime {
  /** Takes an HTTP upgrade for /realtime/v1/websocket; false when the path is not Realtime's. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** /realtime/v1/api/* */
  handle(req: Request): Promise<Response>;
  /** Resolves once every database change committed so far has been delivered. */
  settled(): Promise<void>;
  /** Open connections (for tests and the benchmark). */
  connections(): number;
  /** How database changes were batched, checked and sent (for the benchmark). */
  changeStats(): ChangeStats;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  const reason =
    { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 429: 'Too Many Requests' }[status] ??
    'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `access-control-allow-origin: *\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The API key: `x-api-key` header, else `apikey` query parameter, else the Phoenix token sub-protocol. */
function apiKey(req: IncomingMessage, url: URL): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const param = url.searchParams.get('apikey');
  if (param) return param;
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const bearer = protocols.find((p) => p.startsWith(TOKEN_PROTOCOL));
  return bearer ? Buffer.from(bearer.slice(TOKEN_PROTOCOL.length), 'base64url').toString() : null;
}

export async function createRealtime({
  db,
  config,
}: {
  db: Database;
  config: BackendConfig;
}): Promise<Realtime> {
  const limits = config.realtime;
  const registry = new Registry<Member>();
  const changes = new PostgresChanges(db);
  const presence = new PresenceTracker<Member>((topic, diff) => {
    const joinTopic = `realtime:${topic.slice(topic.indexOf(':') + 1)}`;
    const frames = new Map<Vsn, string>();
    const reached = registry.fanOut(
      topic,
      null,
      (c) => c.canReadPresence(),
      (vsn) => {
        if (!frames.has(vsn))
          frames.set(vsn, encodeMessage(vsn, null, null, joinTopic, 'presence_diff', diff));
        return frames.get(vsn)!;
      },
    );
    ctx.presenceEvents.add(reached.length);
  });
  const ctx: RealtimeContext = {
    db,
    config,
    registry,
    presence,
    changes,
    users: new Set(),
    joins: new RateCounter(() => limits.maxJoinsPerSecond, limits.rateTickMs),
    events: new RateCounter(() => limits.maxEventsPerSecond, limits.rateTickMs),
    presenceEvents: new RateCounter(() => limits.maxPresenceEventsPerSecond, limits.rateTickMs),
  };
  await changes.start((row) => databaseBroadcast(ctx, row));

  const connections = new Set<Connection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes + 64 * 1024,
    handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!VSNS.includes(vsn)) return refuse(socket, 400, `unsupported serializer version ${vsn}`);
    const token = apiKey(req, url);
    const verified = await verifyToken(token, config);
    if (!verified.ok) {
      await new Promise((r) => setTimeout(r, limits.connectErrorBackoffMs));
      return refuse(socket, 401, tokenError(verified.error, 'connect'));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (k.startsWith('x-') && k !== 'x-api-key' && typeof v === 'string') headers[k] = v;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection(ctx, ws, vsn, token!, headers);
      connections.add(conn);
      ws.on('close', () => connections.delete(conn));
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== WEBSOCKET_PATH && url.pathname !== `${WEBSOCKET_PATH}/`) return false;
      socket.on('error', () => undefined);
      upgrade(req, socket, head, url).catch((err) => {
        console.error('[realtime] upgrade failed:', err);
        socket.destroy();
      });
      return true;
    },
    async handle(req) {
      const { pathname } = new URL(req.url);
      if (pathname.startsWith(`${REALTIME_PATH}/api/`)) return handleApi(ctx, req);
      if (pathname === WEBSOCKET_PATH) return json({ error: 'WebSocket upgrade required' }, 400);
      return json({ message: 'Not Found' }, 404);
    },
    settled: () => changes.settled(),
    connections: () => connections.size,
    changeStats: () => ({ ...changes.stats }),
    async close() {
      for (const conn of [...connections]) conn.disconnect(1001, 'server shutting down');
      wss.close();
      await changes.stop();
      for (const counter of [ctx.joins, ctx.events, ctx.presenceEvents]) counter.stop();
    },
  };
}
