/**
 * Broadcast: client to client over a channel (`self` and `ack` from the join config), from the REST API
 * (`POST /realtime/v1/api/broadcast` in batches and `/api/broadcast/<topic>/events/<event>` as `httpSend()`
 * uses), and from the database (rows inserted into realtime.messages, e.g. by realtime.send()). Private
 * topics need the sender's write policy and deliver only to channels with the read policy.
 */
import { json } from '../http.ts';
import type { Claims } from '../jwt.ts';
import { channelAccess, verifyToken } from './authorization.ts';
import type { Member, RealtimeContext } from './types.ts';
import {
  encodeMessage,
  encodeUserBroadcast,
  isUserBroadcast,
  type Message,
  type UserBroadcast,
  type Vsn,
} from './protocol.ts';
import { tenantTopic } from './registry.ts';

/** A broadcast in one of its two forms: a JSON map `{ type, event, payload }` or a user broadcast (bytes). */
type Outgoing =
  | { kind: 'json'; payload: Record<string, unknown> }
  | { kind: 'user'; ub: UserBroadcast; meta?: Record<string, unknown> };

function encoder(topic: string, out: Outgoing): (vsn: Vsn) => string | Buffer | null {
  return (vsn) =>
    out.kind === 'json'
      ? encodeMessage(vsn, null, null, topic, 'broadcast', out.payload)
      : encodeUserBroadcast(vsn, topic, out.ub, out.meta);
}

/** Delivers to the readers of `topic`; every delivery counts towards the events-per-second limit. */
export function deliver(ctx: RealtimeContext, topic: string, from: Member | null, out: Outgoing): void {
  const joinTopic = `realtime:${topic.slice(topic.indexOf(':') + 1)}`;
  const reached = ctx.registry.fanOut(topic, from, (c) => c.canReadBroadcast(), encoder(joinTopic, out));
  for (const channel of reached) {
    ctx.events.add();
    if (ctx.events.triggered) channel.shutdown('Too many messages per second');
  }
}

const sizeOf = (out: Outgoing): number =>
  out.kind === 'json' ? Buffer.byteLength(JSON.stringify(out.payload)) : out.ub.data.length;

/** A `broadcast` pushed by a joined client (RealtimeChannel.BroadcastHandler). */
export async function clientBroadcast(ctx: RealtimeContext, channel: Member, msg: Message): Promise<void> {
  if (channel.isPrivate && !channel.policies?.broadcast.write) return;
  const out: Outgoing = isUserBroadcast(msg.payload)
    ? { kind: 'user', ub: msg.payload }
    : {
        kind: 'json',
        payload:
          msg.payload && typeof msg.payload === 'object' ? (msg.payload as Record<string, unknown>) : {},
      };
  ctx.events.add();
  const tooBig = sizeOf(out) > ctx.config.realtime.maxPayloadBytes;
  if (!tooBig) deliver(ctx, channel.tenantTopic, channel.self ? null : channel, out);
  if (channel.ack) channel.reply(msg.ref, tooBig ? 'error' : 'ok', tooBig ? 'payload_size_exceeded' : {});
}

/** A row inserted into realtime.messages (realtime.send(), realtime.broadcast_changes()). */
export function databaseBroadcast(
  ctx: RealtimeContext,
  row: { id: string; topic: string; event: string; private: boolean; payload: unknown },
): void {
  const data = Buffer.from(JSON.stringify(row.payload));
  if (data.length > ctx.config.realtime.maxPayloadBytes) return;
  ctx.events.add();
  deliver(ctx, tenantTopic(row.topic, row.private), null, {
    kind: 'user',
    ub: { event: row.event, encoding: 'json', data },
    meta: { id: row.id },
  });
}

const unauthorized = () => json({ message: 'Unauthorized' }, 401);

/** The request's token (Authorization bearer, else apikey), verified as Realtime's AuthTenant plug does. */
async function requestClaims(ctx: RealtimeContext, req: Request): Promise<Claims | null> {
  const authz = req.headers.get('authorization');
  let token: string | null = null;
  if (authz) {
    const [scheme, value] = authz.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) token = value;
  }
  token ??= req.headers.get('apikey');
  const verified = await verifyToken(token, ctx.config);
  return verified.ok ? verified.claims : null;
}

async function mayWrite(ctx: RealtimeContext, claims: Claims, topic: string, req: Request): Promise<boolean> {
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    if (k !== 'authorization' && k !== 'apikey' && k !== 'cookie') headers[k] = v;
  });
  try {
    return !!(await channelAccess(ctx.db, topic, claims, headers, ['broadcast'])).broadcast.write;
  } catch (err) {
    console.error('[realtime] RlsPolicyError:', (err as Error).message);
    return false;
  }
}

const isMap = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Ecto-style validation of the batch body: `{ errors: { messages: [...] } }` on failure. */
function validateBatch(
  body: unknown,
  maxBytes: number,
):
  | {
      ok: true;
      messages: {
        topic: string;
        event: string;
        payload: Record<string, unknown>;
        private: boolean;
        id?: string;
      }[];
    }
  | { ok: false; errors: unknown } {
  if (!isMap(body) || body.messages === undefined || body.messages === null)
    return { ok: false, errors: { messages: ["can't be blank"] } };
  if (!Array.isArray(body.messages) || !body.messages.every(isMap))
    return { ok: false, errors: { messages: ['is invalid'] } };
  let valid = true;
  const errors = body.messages.map((m) => {
    const e: Record<string, string[]> = {};
    for (const field of ['topic', 'event'] as const) {
      if (m[field] === undefined || m[field] === null || m[field] === '') e[field] = ["can't be blank"];
      else if (typeof m[field] !== 'string') e[field] = ['is invalid'];
    }
    if (m.payload === undefined || m.payload === null) e.payload = ["can't be blank"];
    else if (!isMap(m.payload)) e.payload = ['is invalid'];
    else if (Buffer.byteLength(JSON.stringify(m.payload)) > maxBytes)
      e.payload = ['Payload size exceeds tenant limit'];
    if (m.private !== undefined && m.private !== null && typeof m.private !== 'boolean')
      e.private = ['is invalid'];
    if (Object.keys(e).length) valid = false;
    return e;
  });
  if (!valid) return { ok: false, errors: { messages: errors } };
  return {
    ok: true,
    messages: body.messages.map((m) => ({
      topic: m.topic as string,
      event: m.event as string,
      payload: m.payload as Record<string, unknown>,
      private: m.private === true,
      ...(typeof m.id === 'string' ? { id: m.id } : {}),
    })),
  };
}

/** `/realtime/v1/api/...`: the REST side of Realtime. */
export async function handleApi(ctx: RealtimeContext, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.replace(/^\/realtime\/v1\/api/, '');
  if (path === '/ping' && req.method === 'GET') return json({ message: 'Success' });
  const single = /^\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
  if (req.method !== 'POST' || (path !== '/broadcast' && !single)) return json({ message: 'Not Found' }, 404);

  const contentType = req.headers.get('content-type');
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (single && media && media !== 'application/json' && media !== 'application/octet-stream')
    return json({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' }, 415);

  const claims = await requestClaims(ctx, req);
  if (!claims) return unauthorized();
  if (ctx.events.avg >= ctx.config.realtime.maxEventsPerSecond)
    return json({ message: 'Too many requests' }, 429);

  const bytes = Buffer.from(await req.arrayBuffer());
  let body: unknown = {};
  if (media !== 'application/octet-stream' && bytes.length) {
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      return json({ message: 'Bad Request' }, 400);
    }
  }

  if (single) {
    let topic: string;
    let event: string;
    try {
      topic = decodeURIComponent(single[1]!);
      event = decodeURIComponent(single[2]!);
    } catch {
      return json({ message: 'Bad Request' }, 400);
    }
    const isPrivate = url.searchParams.get('private') === 'true';
    const binary = media === 'application/octet-stream';
    const data = binary ? bytes : Buffer.from(JSON.stringify(isMap(body) ? body : { _json: body }));
    if (data.length > ctx.config.realtime.maxPayloadBytes)
      return json({ errors: { payload: ['Payload size exceeds tenant limit'] } }, 422);
    if (isPrivate && !(await mayWrite(ctx, claims, topic, req)))
      return json({ message: 'Unauthorized' }, 403);
    ctx.events.add();
    deliver(ctx, tenantTopic(topic, isPrivate), null, {
      kind: 'user',
      ub: { event, encoding: binary ? 'binary' : 'json', data },
    });
    return new Response(null, { status: 202 });
  }

  const batch = validateBatch(body, ctx.config.realtime.maxPayloadBytes);
  if (!batch.ok) return json({ errors: batch.errors }, 422);
  if (batch.messages.length + ctx.events.avg > ctx.config.realtime.maxEventsPerSecond)
    return json({ message: 'Too many messages to broadcast, please reduce the batch size' }, 429);
  const allowed = new Map<string, boolean>();
  for (const m of batch.messages) {
    if (m.private) {
      if (!allowed.has(m.topic)) allowed.set(m.topic, await mayWrite(ctx, claims, m.topic, req));
      if (!allowed.get(m.topic)) continue;
    }
    ctx.events.add();
    const payload: Record<string, unknown> = { payload: m.payload, event: m.event, type: 'broadcast' };
    if (m.id) payload.meta = { id: m.id };
    deliver(ctx, tenantTopic(m.topic, m.private), null, { kind: 'json', payload });
  }
  return new Response(null, { status: 202 });
}
