import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit one-time code. */
export function randomOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    // Compare anyway so the time does not depend on where the strings differ.
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** A hash to compare against when there is no user, so a miss costs as much as a hit. */
let dummy: { cost: number; hash: string } | null = null;
export async function burnPasswordCheck(password: string, cost: number): Promise<void> {
  if (!dummy || dummy.cost !== cost) dummy = { cost, hash: await bcrypt.hash(randomToken(8), cost) };
  await bcrypt.compare(password, dummy.hash);
}

/** PKCE: does the verifier match the stored challenge? */
export function pkceMatches(verifier: string, challenge: string, method: string): boolean {
  const computed = method === 'plain' ? verifier : sha256Base64Url(verifier);
  return constantTimeEqual(computed, challenge);
}
