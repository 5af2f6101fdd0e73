/**
 * Who may do what: JWTs checked as Realtime checks them (signature, `exp` in the future, `role` and `exp`
 * present) and private channels decided by the project's RLS policies on `realtime.messages`, evaluated as the
 * user's role with `realtime.topic()` set (Realtime.Tenants.Authorization).
 */
import { decodeJwt } from 'jose';
import type { BackendConfig } from '../config.js';
import type { Database } from '../db.js';
import { verifierFor } from '../http.js';
import { JwtError, type Claims } from '../jwt.js';

export type TokenError =
  | { kind: 'missing' }
  | { kind: 'malformed' }
  | { kind: 'signature' }
  | { kind: 'expired'; seconds: number }
  | { kind: 'missing_claims' };

export type TokenResult = { ok: true; claims: Claims } | { ok: false; error: TokenError };

/** Checks a token with the backend's one verifier, and tells apart why Realtime would refuse it. */
export async function verifyToken(token: unknown, config: BackendConfig): Promise<TokenResult> {
  if (typeof token !== 'string' || token === '') return { ok: false, error: { kind: 'missing' } };
  const clean = token.replace(/\s/g, '');
  let peeked: Claims;
  try {
    peeked = decodeJwt(clean) as Claims;
  } catch {
    return { ok: false, error: { kind: 'malformed' } };
  }
  try {
    const claims = await verifierFor(config).verify(clean);
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') return { ok: false, error: { kind: 'missing_claims' } };
    return { ok: true, claims };
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    if (err.reason === 'expired') {
      const exp = typeof peeked.exp === 'number' ? peeked.exp : 0;
      return { ok: false, error: { kind: 'expired', seconds: Math.max(0, Math.floor(Date.now() / 1000) - exp) } };
    }
    if (/signature/i.test(err.message)) return { ok: false, error: { kind: 'signature' } };
    return { ok: false, error: { kind: typeof peeked.exp !== 'number' ? 'missing_claims' : 'malformed' } };
  }
}

/** The message a join is refused with, `Code: text` as RealtimeChannel.Logging builds it. */
export function joinTokenError(error: TokenError): string {
  switch (error.kind) {
    case 'expired':
      return `InvalidJWTToken: Token has expired ${error.seconds} seconds ago`;
    case 'missing_claims':
      return 'InvalidJWTToken: Fields `role` and `exp` are required in JWT';
    case 'signature':
      return 'JwtSignatureError: Failed to validate JWT signature';
    default:
      return 'MalformedJWT: The token provided is not a valid JWT';
  }
}

/** What a channel is closed with when a refreshed token is refused or runs out. */
export function channelTokenError(error: TokenError): string {
  switch (error.kind) {
    case 'expired':
      return `Token has expired ${error.seconds} seconds ago`;
    case 'missing_claims':
      return 'Fields `role` and `exp` are required in JWT';
    case 'signature':
      return ':signature_error';
    default:
      return 'The token provided is not a valid JWT';
  }
}

/** The HTTP answer to a WebSocket upgrade refused for its API key (RealtimeWeb.UserSocket.handle_error). */
export function connectTokenError(error: TokenError): string {
  switch (error.kind) {
    case 'missing':
      return 'API key is missing';
    case 'expired':
      return 'Token has expired';
    case 'missing_claims':
      return 'Fields `role` and `exp` are required in JWT';
    case 'signature':
      return 'Failed to validate JWT signature';
    default:
      return 'The token provided is not a valid JWT';
  }
}

export interface Access {
  read: boolean | null;
  write: boolean | null;
}

/** A channel's policies; null = not evaluated yet (Realtime.Tenants.Authorization.Policies). */
export interface Policies {
  broadcast: Access;
  presence: Access;
}

export const unevaluated = (): Policies => ({ broadcast: { read: null, write: null }, presence: { read: null, write: null } });

export type Extension = 'broadcast' | 'presence';

/**
 * Evaluates read and write for `extensions` on `topic` as the claims' role, in one round trip that rolls
 * everything back. Throws when a policy itself fails (the caller treats that as "not allowed").
 */
export async function channelAccess(
  db: Database,
  topic: string,
  claims: Claims,
  headers: Record<string, string>,
  extensions: Extension[],
): Promise<Record<Extension, Access>> {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  const { rows } = await db.query<{ access: Record<Extension, { read: boolean; write: boolean }> | string }>(
    'select realtime.channel_access($1, $2, $3, $4, $5::text[]) as access',
    [topic, role, JSON.stringify(claims), JSON.stringify(headers), extensions],
  );
  const raw = rows[0]?.access;
  const access = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, { read: boolean; write: boolean }>;
  const out = { broadcast: { read: null, write: null }, presence: { read: null, write: null } } as Record<Extension, Access>;
  for (const ext of extensions) out[ext] = { read: !!access[ext]?.read, write: !!access[ext]?.write };
  return out;
}
