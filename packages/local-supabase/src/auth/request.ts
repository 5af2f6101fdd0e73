/**
 * Reading an Auth request: the body, and the parameter checks the handlers share. Strings with NUL characters and
 * JSON nested past MAX_DEPTH are refused here, before they can reach PostgreSQL or a recursive serialiser.
 */
import { InvalidJson, readJson } from '../body.ts';
import { badRequest, unprocessable } from './errors.ts';
import type { Json } from './store/index.ts';
import { ErrorCode } from './errorCodes.ts';

/** Deeper than any real request needs; the package's reader counts brackets before parsing. */
const MAX_DEPTH = 64;
/**
 * The most user_metadata may hold in all, in bytes of its stored JSON text (and the most one request may send). It
 * travels in every access token, base64url-encoded (4/3 of its size) beside ~1 KB of other claims: at 8 KiB the
 * token stays under ~12.5 KB, so a request carrying it with a browser's other headers stays inside this server's
 * 16 KiB header limit (Node's default) and the 16 KB per header that common proxies and CDNs accept. GoTrue itself
 * sets no such cap (only its 1 MiB body limit), so more would be stored, and every request of the session then
 * refused by a server in the path (431) — a user could make their own session unusable.
 */
export const MAX_METADATA = 8 * 1024;
/** The address format GoTrue checks (badoux/checkmail's ValidateFormat). */
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Refuses NUL characters in keys and strings (PostgreSQL refuses them in text and jsonb), without recursion. */
function refuseNul(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000'))
        throw badRequest(ErrorCode.ValidationFailed, 'Request body contains a NUL character');
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000'))
          throw badRequest(ErrorCode.ValidationFailed, 'Request body contains a NUL character');
        stack.push(child);
      }
    }
  }
}

/**
 * The request body as an object, through the package's one reader (src/body.ts: JSON or a form; the server bounds
 * its size at 1 MiB, as GoTrue does): {} when empty, 400 bad_json when it is not a JSON object.
 */
export async function readBody(req: Request): Promise<Json> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  let value: unknown;
  try {
    value = await readJson(req, MAX_DEPTH);
  } catch (e) {
    if (e instanceof InvalidJson)
      throw badRequest(ErrorCode.BadJSON, `Could not parse request body as JSON: ${e.message}`);
    throw e;
  }
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(ErrorCode.BadJSON, 'Could not parse request body as JSON: expected an object');
  refuseNul(value);
  return value as Json;
}

/** A query parameter, refused when it carries a NUL character. */
export function query(url: URL, key: string): string | null {
  const v = url.searchParams.get(key);
  if (v !== null && v.includes('\u0000'))
    throw badRequest(ErrorCode.ValidationFailed, `${key} contains a NUL character`);
  return v;
}

export function optString(body: Json, key: string, max = 255): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(ErrorCode.ValidationFailed, `${key} must be a string`);
  if (v.length > max)
    throw badRequest(ErrorCode.ValidationFailed, `${key} is too long (at most ${max} characters)`);
  return v;
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export function isPresent(body: Json, key: string): boolean {
  return present(body[key]);
}

export function parseEmail(raw: unknown, missing: string): string {
  if (!present(raw)) throw badRequest(ErrorCode.ValidationFailed, missing);
  if (typeof raw !== 'string') throw badRequest(ErrorCode.ValidationFailed, 'email must be a string');
  const email = raw.trim().toLowerCase();
  if (email.length > 255) throw badRequest(ErrorCode.ValidationFailed, 'An email address is too long');
  if (!EMAIL_RE.test(email))
    throw badRequest(ErrorCode.ValidationFailed, 'Unable to validate email address: invalid format');
  return email;
}

/** The merged user_metadata would pass MAX_METADATA (store.users.mergeUserMetadata answered false). */
export const metadataTooLarge = () =>
  badRequest(
    ErrorCode.ValidationFailed,
    `user_metadata would exceed ${MAX_METADATA} bytes; remove keys (set them to null) first`,
  );

export function parseMetadata(raw: unknown, key = 'data'): Json | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest(ErrorCode.ValidationFailed, `${key} must be an object`);
  if (Buffer.byteLength(JSON.stringify(raw)) > MAX_METADATA)
    throw badRequest(
      ErrorCode.ValidationFailed,
      `${key} is too large (at most ${MAX_METADATA} bytes as JSON)`,
    );
  return raw as Json;
}

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

export function parsePkce(body: Json): Pkce | null {
  const challenge = body.code_challenge;
  const method = body.code_challenge_method;
  if (!present(challenge) && !present(method)) return null;
  if (typeof challenge !== 'string' || typeof method !== 'string' || !challenge || !method) {
    throw badRequest(
      ErrorCode.ValidationFailed,
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain')
    throw badRequest(ErrorCode.ValidationFailed, 'code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128 || !/^[A-Za-z0-9._~-]+$/.test(challenge)) {
    throw badRequest(ErrorCode.ValidationFailed, 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: m };
}

/** A phone number as GoTrue takes it: E.164 digits after removing `+` and spaces. */
export function validatePhone(raw: string): string {
  const phone = raw.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(phone))
    throw badRequest(ErrorCode.ValidationFailed, 'Invalid phone number format (E.164 required)');
  return phone;
}

/** A new password: a string of 6+ characters (configurable) and at most 72 bytes (bcrypt's limit). */
export function checkNewPassword(raw: unknown, minLength: number): string {
  if (typeof raw !== 'string') throw badRequest(ErrorCode.ValidationFailed, 'password must be a string');
  if (Buffer.byteLength(raw) > 72)
    throw badRequest(ErrorCode.ValidationFailed, 'Password cannot be longer than 72 characters');
  if (raw.length < minLength) {
    throw unprocessable(ErrorCode.WeakPassword, `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return raw;
}

/** The longest ban GoTrue's durations can express (Go's time.Duration: about 292 years). */
const MAX_DURATION_MS = 9_223_372_036_854;

/** Go-style durations as GoTrue's ban_duration takes them: '24h', '90m', '1h30m', 'none' (null). */
export function parseDuration(raw: unknown): number | null {
  if (typeof raw !== 'string') throw badRequest(ErrorCode.ValidationFailed, 'ban_duration must be a string');
  if (raw === 'none') return null;
  let total = 0;
  let consumed = 0;
  for (const m of raw.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    consumed += m[0].length;
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
  }
  if (!consumed || consumed !== raw.length || !Number.isFinite(total))
    throw badRequest(ErrorCode.ValidationFailed, 'invalid format for ban duration');
  if (total > MAX_DURATION_MS)
    throw badRequest(ErrorCode.ValidationFailed, 'invalid format for ban duration: out of range');
  return total;
}
