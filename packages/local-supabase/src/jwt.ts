import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

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
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
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

/**
 * A signing key as GoTrue takes them (GOTRUE_JWT_KEYS, the CLI's `signing_keys_path`): a private JWK with `kid` and
 * `alg` (RS256 with an RSA key, ES256 with a P-256 key, HS256 with an `oct` key); the one whose `key_ops` include
 * `sign` signs new tokens, every one of them verifies.
 */
export interface SigningJwk extends JsonWebKey {
  kid?: string;
  alg?: string;
  key_ops?: string[];
  use?: string;
}

interface LoadedKey {
  kid: string;
  alg: 'RS256' | 'ES256' | 'HS256';
  signing: KeyObject;
  verifying: KeyObject;
  /** The public JWK for the key set (asymmetric keys only). */
  publicJwk: SigningJwk | null;
}

/** Why a set of signing keys cannot be used (thrown when a backend's verifier is made). */
export class SigningKeyError extends Error {}

function loadKey(jwk: SigningJwk, index: number): LoadedKey {
  const where = `signing key ${jwk.kid ? `"${jwk.kid}"` : `#${index + 1}`}`;
  if (!jwk.kid) throw new SigningKeyError(`${where} has no "kid"`);
  if (jwk.kty === 'oct') {
    const secret = createSecretKey(Buffer.from(String(jwk.k ?? ''), 'base64url'));
    return { kid: jwk.kid, alg: 'HS256', signing: secret, verifying: secret, publicJwk: null };
  }
  let priv: KeyObject;
  try {
    priv = createPrivateKey({ key: jwk, format: 'jwk' });
  } catch (err) {
    throw new SigningKeyError(
      `${where} is not a private JWK: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const type = priv.asymmetricKeyType;
  const alg = type === 'rsa' ? 'RS256' : type === 'ec' && jwk.crv === 'P-256' ? 'ES256' : null;
  if (!alg || (jwk.alg && jwk.alg !== alg))
    throw new SigningKeyError(`${where}: only RS256 (RSA) and ES256 (P-256) keys are supported`);
  const pub = createPublicKey(priv);
  return {
    kid: jwk.kid,
    alg,
    signing: priv,
    verifying: pub,
    publicJwk: { ...pub.export({ format: 'jwk' }), kid: jwk.kid, alg, use: 'sig', key_ops: ['verify'] },
  };
}

/** The one verifier of a backend: the project's keys and a cache of tokens already verified (per backend). */
export interface JwtVerifier {
  verify(token: string): Promise<Claims>;
  /** Signs with the signing key (asymmetric, with its `kid`) when one is configured, else HS256 with the secret. */
  sign(claims: Claims): Promise<string>;
  /** The public keys clients may verify tokens with (never the HS256 secret): `/.well-known/jwks.json`. */
  jwks(): SigningJwk[];
}

const CACHE_SIZE = 1000;

export function createJwtVerifier(secret: string, signingKeys: SigningJwk[] = []): JwtVerifier {
  const key = new TextEncoder().encode(secret);
  const keys = signingKeys.map(loadKey);
  const byKid = new Map(keys.map((k) => [k.kid, k]));
  const signers = signingKeys.filter((k) => !k.key_ops || k.key_ops.includes('sign'));
  if (signingKeys.length && signers.length !== 1) {
    throw new SigningKeyError(
      signers.length
        ? 'multiple signing keys: exactly one may have "sign" in key_ops'
        : 'no signing key: one key needs "sign" in key_ops',
    );
  }
  const signer = signers.length ? byKid.get(signers[0]!.kid!)! : null;
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
        // A token names its key by `kid` (as GoTrue issues them); one without a known kid must be HS256 with the secret.
        const header = decodeProtectedHeader(token);
        const known = typeof header.kid === 'string' ? byKid.get(header.kid) : undefined;
        if (!known && header.alg !== 'HS256')
          throw new Error(`unrecognized JWT kid ${String(header.kid)} for algorithm ${String(header.alg)}`);
        claims = (
          known
            ? await jwtVerify(token, known.verifying, { algorithms: [known.alg] })
            : await jwtVerify(token, key, { algorithms: ['HS256'] })
        ).payload as Claims;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(token, claims);
      return claims;
    },
    sign: (claims) =>
      signer
        ? new SignJWT(claims)
            .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
            .sign(signer.signing)
        : new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key),
    jwks: () => keys.flatMap((k) => (k.publicJwk ? [k.publicJwk] : [])),
  };
}
