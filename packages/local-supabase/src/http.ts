import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendConfig } from './config.ts';
import { createJwtVerifier, JwtError, type Claims, type JwtVerifier } from './jwt.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers':
    'authorization, apikey, x-client-info, content-type, prefer, range, accept, accept-profile, content-profile, ' +
    'x-upsert, x-supabase-api-version, cache-control, x-retry-count, x-region',
  'access-control-expose-headers':
    'content-range, content-location, x-supabase-api-version, range-unit, x-total-count, link',
  'access-control-max-age': '3600',
};

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export class BodyTooLarge extends Error {}

/** Reads a Node request body into memory, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function toRequest(
  req: IncomingMessage,
  base: string,
  body: Buffer | null,
  /** Headers set by the backend itself (lower-case names): they replace whatever the client sent under those names. */
  overrides: Record<string, string> = {},
): Request {
  // Name/value pairs: Request builds its one Headers list from them (a Headers object given to it would be copied,
  // sorted, into a second one).
  const headers: [string, string][] = Object.entries(overrides);
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k in overrides) continue;
    if (Array.isArray(v)) for (const one of v) headers.push([k, one]);
    else headers.push([k, v]);
  }
  const method = req.method ?? 'GET';
  // The path and query exactly as sent, on the server's own origin (a Host header or an absolute-form target
  // cannot change where the request is resolved, nor make URL parsing throw).
  const url = new URL(base);
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  url.pathname = q < 0 ? raw : raw.slice(0, q);
  url.search = q < 0 ? '' : raw.slice(q);
  return new Request(url, {
    method,
    headers,
    body:
      body && body.length > 0 && method !== 'GET' && method !== 'HEAD'
        ? (new Uint8Array(body.buffer, body.byteOffset, body.length) as unknown as BodyInit)
        : undefined,
  });
}

/** Resolves to null on the next turn of the event loop, so a read that is not ready at once can be told apart. */
const notReady = (): Promise<null> => new Promise((resolve) => setImmediate(() => resolve(null)));

/**
 * Writes a Web Response to Node. A body that is complete at once (JSON, a file read into memory) goes out with a
 * Content-Length; a body still being produced (a function's text/event-stream) is streamed chunk by chunk as it is
 * written, as hosted Edge Functions stream, and the producer is cancelled when the client goes away.
 */
export async function sendResponse(res: ServerResponse, response: Response, head = false): Promise<void> {
  // Every answer, errors included, is read as the type it declares: a browser never sniffs an API's JSON or a
  // user's file into HTML or script on the API's origin.
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS, 'x-content-type-options': 'nosniff' };
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  if (head || !response.body) {
    if (head) void response.body?.cancel().catch(() => undefined);
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const ready: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = reader.read();
    const r = await Promise.race([next, notReady()]);
    if (r === null) return stream(res, response.status, headers, reader, ready, next);
    if (r.done) break;
    ready.push(r.value);
    size += r.value.length;
  }
  if (!response.headers.has('content-length')) headers['content-length'] = String(size);
  res.writeHead(response.status, headers);
  res.end(ready.length === 1 ? ready[0] : Buffer.concat(ready));
}

async function stream(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ready: Uint8Array[],
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
): Promise<void> {
  let closed = false;
  res.once('close', () => {
    closed = true;
    if (!res.writableFinished) void reader.cancel().catch(() => undefined);
  });
  res.writeHead(status, headers);
  // Headers go out at once, so the client sees the response start before the first event.
  res.flushHeaders();
  const write = async (chunk: Uint8Array): Promise<void> => {
    if (!res.write(chunk) && !closed)
      await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
  };
  try {
    for (const chunk of ready) await write(chunk);
    for (let r = await pending; !r.done && !closed; r = await reader.read()) await write(r.value);
    res.end();
  } catch (err) {
    // The producer failed mid-body: the status is already sent, so the connection is cut (the client sees an error).
    console.error('[local-supabase] response stream', err);
    res.destroy();
  }
}

export class AuthError extends Error {
  constructor(message: string) {
    super(message);
  }
}

/** One verifier (and token cache) per backend, keyed by its configuration object. */
const verifiers = new WeakMap<BackendConfig, JwtVerifier>();

export function verifierFor(config: BackendConfig): JwtVerifier {
  let v = verifiers.get(config);
  if (!v) verifiers.set(config, (v = createJwtVerifier(config.jwtSecret, config.signingKeys)));
  return v;
}

/** The request's token: the Authorization bearer, else the apikey header (as the Supabase gateway reads them). */
export function requestToken(req: Request): string | null {
  const authz = req.headers.get('authorization');
  const bearer = authz && /^bearer\s+/i.test(authz) ? authz.replace(/^bearer\s+/i, '').trim() : null;
  return bearer || req.headers.get('apikey');
}

/**
 * The request's JWT (Authorization bearer, else apikey) verified with the project secret, as the
 * Supabase gateway and PostgREST do. Throws AuthError when missing, expired or tampered.
 */
export async function requestClaims(req: Request, config: BackendConfig): Promise<Claims> {
  const token = requestToken(req);
  if (!token) throw new AuthError('No API key found in request');
  try {
    return await verifierFor(config).verify(token);
  } catch (err) {
    if (err instanceof JwtError)
      throw new AuthError(err.reason === 'expired' ? 'JWT expired' : 'JWSError JWSInvalidSignature');
    throw err;
  }
}
