/**
 * Access tokens as Auth reads them: the package's one verifier (src/jwt.ts, shared with REST, Storage and Functions)
 * with GoTrue's errors and claim checks (parseJWTClaims + maybeLoadUserOrSession).
 */
import { JwtError, type Claims, type JwtVerifier, type SigningJwk } from '../jwt.ts';
import { badRequest, forbidden } from './errors.ts';
import { isUuid } from './store/index.ts';
import { ErrorCode } from './errorCodes.ts';

export type { Claims } from '../jwt.ts';

/** A user's access token: `sub` is that user's id. */
export type AccessClaims = Claims & { sub: string };

export class Tokens {
  constructor(private readonly verifier: JwtVerifier) {}

  sign(claims: Claims): Promise<string> {
    return this.verifier.sign(claims);
  }

  /** The public keys of the asymmetric signing keys (the HS256 secret is never published). */
  jwks(): SigningJwk[] {
    return this.verifier.jwks();
  }

  /** Verifies signature and expiry; throws 403 bad_jwt with GoTrue's wording. */
  async verify(token: string): Promise<Claims> {
    try {
      return await this.verifier.verify(token);
    } catch (e) {
      if (!(e instanceof JwtError)) throw e;
      const reason = e.reason === 'expired' ? 'token has invalid claims: token is expired' : e.message;
      throw forbidden(ErrorCode.BadJWT, `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  /**
   * A user's access token: a UUID `sub` (else 400 bad_jwt) and, when present, a UUID `session_id` (else 403 bad_jwt),
   * as GoTrue's maybeLoadUserOrSession checks them.
   */
  async verifyUserToken(token: string): Promise<AccessClaims> {
    const claims = await this.verify(token);
    if (typeof claims.sub !== 'string' || !claims.sub)
      throw forbidden(ErrorCode.BadJWT, 'invalid claim: missing sub claim');
    if (!isUuid(claims.sub)) throw badRequest(ErrorCode.BadJWT, 'invalid claim: sub claim must be a UUID');
    if (claims.session_id !== undefined && !isUuid(claims.session_id))
      throw forbidden(ErrorCode.BadJWT, 'invalid claim: session_id claim must be a UUID');
    return claims as AccessClaims;
  }
}

export function bearer(req: Request): string | null {
  const m = /^Bearer\s+(.+)$/i.exec((req.headers.get('authorization') ?? '').trim());
  return m ? m[1]!.trim() : null;
}
