/**
 * The wire format of Phoenix channels as Supabase Realtime speaks it: serializer 1.0.0 (JSON objects) and
 * 2.0.0 (JSON arrays plus the binary frames of RealtimeWeb.Socket.V2Serializer for user broadcasts).
 * Pure functions: frames in, messages out, and back.
 */

export type Vsn = '1.0.0' | '2.0.0';
export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

/** A user broadcast whose payload travels as bytes (binary frames kind 3 in, kind 4 out). */
export interface UserBroadcast {
  event: string;
  encoding: 'json' | 'binary';
  /** The JSON text (encoding json) or the raw bytes (encoding binary) of the user payload. */
  data: Buffer;
}

/** One decoded client frame. `payload` is a JSON value, or a UserBroadcast for binary broadcast pushes. */
export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class ProtocolError extends Error {}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function decodeText(text: string, vsn: Vsn): Message {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ProtocolError(`invalid JSON: ${(err as Error).message}`);
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length < 5)
      throw new ProtocolError(`expected V2 array, got: ${text.slice(0, 200)}`);
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new ProtocolError(`expected V2 array, got: ${text.slice(0, 200)}`);
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ProtocolError(`expected a map, got: ${text.slice(0, 200)}`);
  const m = value as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string' || !('payload' in m) || !('ref' in m))
    throw new ProtocolError(`missing key in message: ${text.slice(0, 200)}`);
  return { joinRef: str(m.join_ref), ref: str(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

function decodeBinary(buf: Buffer): Message {
  const kind = buf[0];
  let offset: number;
  const take = (size: number): Buffer => {
    if (offset + size > buf.length) throw new ProtocolError('binary frame shorter than its header says');
    const part = buf.subarray(offset, offset + size);
    offset += size;
    return part;
  };
  if (kind === KIND_USER_BROADCAST_PUSH && buf.length >= 7) {
    const [joinRefSize, refSize, topicSize, eventSize, metaSize, encoding] = [
      buf[1]!,
      buf[2]!,
      buf[3]!,
      buf[4]!,
      buf[5]!,
      buf[6]!,
    ];
    offset = 7;
    const joinRef = take(joinRefSize).toString();
    const ref = take(refSize).toString();
    const topic = take(topicSize).toString();
    const userEvent = take(eventSize).toString();
    const meta = take(metaSize).toString();
    if (meta) {
      try {
        JSON.parse(meta);
      } catch {
        throw new ProtocolError('invalid JSON in broadcast metadata');
      }
    }
    const data = buf.subarray(offset);
    if (encoding === 1) {
      try {
        JSON.parse(data.toString());
      } catch {
        throw new ProtocolError('invalid JSON in broadcast payload');
      }
    }
    const payload: UserBroadcast = { event: userEvent, encoding: encoding === 1 ? 'json' : 'binary', data };
    return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload };
  }
  // Kind 0 (a raw binary push) exists in Phoenix but no Supabase client sends it.
  throw new ProtocolError(`unsupported binary frame kind ${kind}`);
}

/** Decodes one WebSocket frame; throws ProtocolError for anything Phoenix would refuse. */
export function decode(data: Buffer, isBinary: boolean, vsn: Vsn): Message {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new ProtocolError('binary frames need serializer 2.0.0');
    return decodeBinary(data);
  }
  return decodeText(data.toString('utf8'), vsn);
}

export function isUserBroadcast(payload: unknown): payload is UserBroadcast {
  return !!payload && typeof payload === 'object' && Buffer.isBuffer((payload as UserBroadcast).data);
}

/** A message the server pushes: a reply, a channel push or a broadcast (null refs). */
export function encodeMessage(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  // V1 sends only these four fields (Phoenix.Socket.V1.JSONSerializer).
  return JSON.stringify({ topic, event, payload, ref });
}

/** encodeMessage with a payload already in JSON (a change sent to many channels is serialised once). */
export function encodeMessageJson(vsn: Vsn, topic: string, event: string, payloadJson: string): string {
  const t = JSON.stringify(topic);
  const e = JSON.stringify(event);
  return vsn === '2.0.0'
    ? `[null,null,${t},${e},${payloadJson}]`
    : `{"topic":${t},"event":${e},"payload":${payloadJson},"ref":null}`;
}

export function encodeReply(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  status: 'ok' | 'error',
  response: unknown,
): string {
  return encodeMessage(vsn, joinRef, ref, topic, 'phx_reply', { status, response });
}

const bytes = (s: string, what: string): Buffer => {
  const b = Buffer.from(s);
  if (b.length > 255) throw new ProtocolError(`${what} must be at most 255 bytes`);
  return b;
};

/**
 * A user broadcast as each serializer delivers it: 2.0.0 as a binary frame (kind 4); 1.0.0 as a JSON broadcast,
 * or nothing for a binary payload, which 1.0.0 cannot carry.
 */
export function encodeUserBroadcast(
  vsn: Vsn,
  topic: string,
  ub: UserBroadcast,
  meta?: Record<string, unknown>,
): string | Buffer | null {
  if (vsn === '1.0.0') {
    if (ub.encoding !== 'json') return null;
    const payload: Record<string, unknown> = {
      event: ub.event,
      payload: JSON.parse(ub.data.toString()),
      type: 'broadcast',
    };
    if (meta) payload.meta = meta;
    return encodeMessage(vsn, null, null, topic, 'broadcast', payload);
  }
  const t = bytes(topic, 'topic');
  const e = bytes(ub.event, 'event');
  const m = meta ? bytes(JSON.stringify(meta), 'metadata') : Buffer.alloc(0);
  const head = Buffer.from([
    KIND_USER_BROADCAST,
    t.length,
    e.length,
    m.length,
    ub.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([head, t, e, m, ub.data]);
}
