import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** The claims of a Supabase JWT (GoTrue's access tokens, the anon/service_role keys), one type for the package. */
export interface Claims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  nbf?: number;
  jti?: string;
  role?: string;
  email?: string;
  phone?: string;
  session_id?: string;
  aal?: string;
  amr?: { method: string; timestamp: number; provider?: string }[];
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  is_anonymous?: boolean;
  [key: string]: unknown;
}

/** Why a token was refused: past its `exp`, or not a token signed with the project's key. */
export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
  /** jose's codes, for callers written against it. */
  get code(): string {
    return this.reason === 'expired' ? 'ERR_JWT_EXPIRED' : 'ERR_JWS_INVALID';
  }
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** Synchronous HS256 signing, used where keys are derived at configuration time. */
export function signJwtSync(claims: Claims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** Verifies an HS256 token and returns its claims; throws JwtError on a bad signature, expiry or malformed token. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload as Claims;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
  }
}

/** The one verifier of a backend: the project's key and a cache of tokens already verified (per backend). */
export interface JwtVerifier {
  verify(token: string): Promise<Claims>;
  sign(claims: Claims): Promise<string>;
}

const CACHE_SIZE = 1000;

export function createJwtVerifier(secret: string): JwtVerifier {
  const key = new TextEncoder().encode(secret);
  const cache = new Map<string, Claims>();
  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) {
        if (typeof hit.exp !== 'number' || hit.exp * 1000 > Date.now()) return hit;
        cache.delete(token);
        throw new JwtError('expired', 'JWT expired');
      }
      let claims: Claims;
      try {
        claims = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload as Claims;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(token, claims);
      return claims;
    },
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key),
  };
}
