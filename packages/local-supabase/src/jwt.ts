import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export type Claims = JWTPayload & {
  role?: string;
  email?: string;
  [key: string]: unknown;
};

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

/** Verifies an HS256 token and returns its claims; throws on a bad signature, expiry or malformed token. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
  return payload as Claims;
}
