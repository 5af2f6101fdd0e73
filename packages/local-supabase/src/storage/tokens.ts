import { JwtError, type Claims, type JwtVerifier } from '../jwt.ts';
import { errors } from './errors.ts';

/** Signed-URL tokens as Storage issues them: a JWT of the project's key naming one object and what it allows. */
export type Scope = 'download' | 'upload';

export interface DownloadToken {
  url: string;
  scope: 'download';
  /** Storage's transformation string for render URLs (`height:200,width:200,resize:cover`). */
  transformations?: string;
  format?: string;
  exp: number;
}

export interface UploadToken {
  url: string;
  scope: 'upload';
  owner?: string;
  upsert: boolean;
  exp: number;
}

/** How long a signed upload URL lives (Storage's UPLOAD_SIGNED_URL_EXPIRATION_TIME default). */
export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

export async function signToken(
  verifier: JwtVerifier,
  claims: Record<string, unknown>,
  expiresIn: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return verifier.sign({ ...claims, iat: now, exp: now + expiresIn } as Claims);
}

/**
 * Checks a signed-URL token for one object and one action, as Storage's verifyObjectSignature: the key, the scope
 * (tokens from before scopes existed count as uploads when they carry `upsert`), the path, the expiry.
 */
export async function verifyToken<S extends Scope>(
  verifier: JwtVerifier,
  token: string,
  path: string,
  scope: S,
): Promise<S extends 'upload' ? UploadToken : DownloadToken> {
  let payload: Claims;
  try {
    payload = await verifier.verify(token);
  } catch (err) {
    if (err instanceof JwtError)
      throw errors.invalidJwt(err.reason === 'expired' ? '"exp" claim timestamp check failed' : err.message);
    throw err;
  }
  const legacyUpload = payload.scope === undefined && 'upsert' in payload;
  const allowed =
    scope === 'upload'
      ? payload.scope === 'upload' || legacyUpload
      : payload.scope === 'download' || (payload.scope === undefined && !legacyUpload);
  if (!allowed) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== path) throw errors.invalidSignature();
  if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw errors.expiredSignature();
  return payload as unknown as S extends 'upload' ? UploadToken : DownloadToken;
}
