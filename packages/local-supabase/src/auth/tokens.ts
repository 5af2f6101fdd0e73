/** Access tokens: what Auth signs into them and how it reads one back (GoTrue's parseJWTClaims + claim checks). */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { badRequest, forbidden } from './errors.js';
import type { Json } from './store/index.js';
import { isUuid } from './store/index.js';

export interface Amr {
  method: string;
  timestamp: number;
}

export interface AccessClaims {
  iss?: string;
  sub: string;
  aud?: string | string[];
  role?: string;
  email?: string;
  phone?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  aal?: string;
  amr?: Amr[];
  app_metadata?: Json;
  user_metadata?: Json;
  is_anonymous?: boolean;
}

export class Tokens {
  private readonly key: Uint8Array;

  constructor(jwtSecret: string) {
    this.key = new TextEncoder().encode(jwtSecret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT(claims as unknown as Record<string, unknown>).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /** Verifies signature and expiry; throws 403 bad_jwt with GoTrue's wording. */
  async verify(token: string): Promise<Json> {
    try {
      return (await jwtVerify(token, this.key, { algorithms: ['HS256'] })).payload as Json;
    } catch (e) {
      const reason = e instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : e instanceof Error ? e.message : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /**
   * A user's access token: a UUID `sub` (else 400 bad_jwt) and, when present, a UUID `session_id` (else 403 bad_jwt),
   * as GoTrue's maybeLoadUserOrSession checks them.
   */
  async verifyUserToken(token: string): Promise<AccessClaims> {
    const claims = await this.verify(token);
    if (typeof claims.sub !== 'string' || !claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
    if (claims.session_id !== undefined && !isUuid(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    return claims as unknown as AccessClaims;
  }
}

export function bearer(req: Request): string | null {
  const m = /^Bearer\s+(.+)$/i.exec((req.headers.get('authorization') ?? '').trim());
  return m ? m[1]!.trim() : null;
}
