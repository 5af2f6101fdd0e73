/**
 * Who may do what: JWTs checked as Realtime checks them (signature, `exp` in the future, `role` and `exp`
 * present) and private channels decided by the project's RLS policies on `realtime.messages`, evaluated as the
 * user's role with `realtime.topic()` set (Realtime.Tenants.Authorization).
 */
import { decodeJwt } from 'jose';
import type { BackendConfig } from '../config.ts';
import type { Database } from '../db.ts';
import { verifierFor } from '../http.ts';
import { JwtError, type Claims } from '../jwt.ts';

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
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
      return { ok: false, error: { kind: 'missing_claims' } };
    return { ok: true, claims };
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    if (err.reason === 'expired') {
      const exp = typeof peeked.exp === 'number' ? peeked.exp : 0;
      return {
        ok: false,
        error: { kind: 'expired', seconds: Math.max(0, Math.floor(Date.now() / 1000) - exp) },
      };
    }
    if (/signature/i.test(err.message)) return { ok: false, error: { kind: 'signature' } };
    return { ok: false, error: { kind: typeof peeked.exp !== 'number' ? 'missing_claims' : 'malformed' } };
  }
}

/** Where a refused token is answered: a join, an open channel, or the WebSocket upgrade. */
export type TokenContext = 'join' | 'channel' | 'connect';

const MALFORMED = 'The token provided is not a valid JWT';
const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';

/**
 * Realtime's words for each refusal: a join's reason is `Code: text` (RealtimeChannel.Logging), a channel is
 * closed with the text alone, and an upgrade is answered with RealtimeWeb.UserSocket.handle_error's message.
 */
const TOKEN_MESSAGES: Record<Exclude<TokenError['kind'], 'expired'>, Record<TokenContext, string>> = {
  missing: { join: `MalformedJWT: ${MALFORMED}`, channel: MALFORMED, connect: 'API key is missing' },
  malformed: { join: `MalformedJWT: ${MALFORMED}`, channel: MALFORMED, connect: MALFORMED },
  signature: {
    join: 'JwtSignatureError: Failed to validate JWT signature',
    channel: ':signature_error',
    connect: 'Failed to validate JWT signature',
  },
  missing_claims: {
    join: `InvalidJWTToken: ${MISSING_CLAIMS}`,
    channel: MISSING_CLAIMS,
    connect: MISSING_CLAIMS,
  },
};

export function tokenError(error: TokenError, context: TokenContext): string {
  if (error.kind !== 'expired') return TOKEN_MESSAGES[error.kind][context];
  const text = `Token has expired ${error.seconds} seconds ago`;
  return context === 'join' ? `InvalidJWTToken: ${text}` : context === 'channel' ? text : 'Token has expired';
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

export const unevaluated = (): Policies => ({
  broadcast: { read: null, write: null },
  presence: { read: null, write: null },
});

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
  const access = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<
    string,
    { read: boolean; write: boolean }
  >;
  const out = { broadcast: { read: null, write: null }, presence: { read: null, write: null } } as Record<
    Extension,
    Access
  >;
  for (const ext of extensions) out[ext] = { read: !!access[ext]?.read, write: !!access[ext]?.write };
  return out;
}
