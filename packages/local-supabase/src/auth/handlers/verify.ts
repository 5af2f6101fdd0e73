/**
 * POST /verify (a code with its address, or a token hash: supabase-js verifyOtp) and GET /verify (the link in an
 * e-mail, which lands on the site with `?code=` for PKCE or tokens in the fragment).
 */
import { randomUUID } from 'node:crypto';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { AuthHttpError, badRequest, forbidden, jsonResponse, unprocessable } from '../errors.ts';
import { isBanned } from '../json.ts';
import { AUTH_METHOD_FOR_LINK, type LinkType } from '../links.ts';
import { redirect, withFragment, withQuery } from '../redirects.ts';
import { optString, parseEmail, query, validatePhone } from '../request.ts';
import { issueSession, sessionInFragment, type SessionJson } from '../session.ts';
import type { OneTimeTokenRow, Store, TokenType, UserRow } from '../store/index.ts';
import { applyVerification, EMAIL_CHANGE_PENDING, emailChangeStillPending } from '../verification.ts';
import { ErrorCode } from '../errorCodes.ts';

const TOKEN_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

const expired = () => forbidden(ErrorCode.OTPExpired, 'Token has expired or is invalid');

/** Spends the token and loads its user (null when there is no such live token). */
async function spend(
  c: AuthContext,
  tx: Store,
  types: TokenType[],
  candidates: string[],
): Promise<{ row: OneTimeTokenRow; user: UserRow; pkce: boolean } | null> {
  const stored = candidates.map((v) => sha256Hex(v));
  const row = await tx.oneTimeTokens.consume(stored, types, c.settings.otpExpiry);
  if (!row) return null;
  await tx.users.setTokenMirror(row.user_id, row.token_type, '');
  const user = await tx.users.byId(row.user_id);
  if (!user) return null;
  return { row, user, pkce: (candidates[stored.indexOf(row.token_hash)] ?? '').startsWith('pkce_') };
}

type Outcome =
  { kind: 'pending' } | { kind: 'session'; session: SessionJson } | { kind: 'code'; code: string };

export async function verifyPost(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  // GoTrue's VerifyParams.Validate, in its order.
  const type = optString(body, 'type', 32);
  if (!type) throw badRequest(ErrorCode.ValidationFailed, 'Verify requires a verification type');
  const tokenHash = optString(body, 'token_hash', 256);
  const tokenValue = optString(body, 'token', 64);
  const email = optString(body, 'email', 255);
  const phone = optString(body, 'phone', 64);
  if (!!tokenHash === !!tokenValue)
    throw badRequest(ErrorCode.ValidationFailed, 'Verify requires either a token or a token hash');
  let candidates: string[];
  if (tokenValue) {
    if (phone && !email) {
      validatePhone(phone);
      // No user here has a phone number, so no SMS code can match.
      throw expired();
    }
    if (!email || phone)
      throw badRequest(
        ErrorCode.ValidationFailed,
        'Only an email address or phone number should be provided on verify',
      );
    let address: string;
    try {
      address = parseEmail(email, 'email');
    } catch {
      throw unprocessable(ErrorCode.ValidationFailed, 'Invalid email format');
    }
    const h = sha256Hex(address + tokenValue.trim());
    candidates = [h, `pkce_${h}`];
  } else {
    if (email || phone || body.redirect_to)
      throw badRequest(ErrorCode.ValidationFailed, 'Only the token_hash and type should be provided');
    candidates = [tokenHash!];
  }
  if (type === 'sms' || type === 'phone_change') throw expired();
  if (!TOKEN_TYPES[type]) throw badRequest(ErrorCode.ValidationFailed, 'Unsupported verification type');
  const outcome = await c.store.transaction(async (tx): Promise<Outcome> => {
    const res = await spend(c, tx, TOKEN_TYPES[type]!, candidates);
    if (!res) throw expired();
    if (isBanned(res.user)) throw badRequest(ErrorCode.UserBanned, 'User is banned');
    if (await emailChangeStillPending(tx, res.user, res.row.token_type)) return { kind: 'pending' };
    const u = await applyVerification(tx, res.user, res.row.token_type);
    return { kind: 'session', session: await issueSession(c, tx, u, 'otp', r) };
  });
  if (outcome.kind !== 'session') return jsonResponse({ msg: EMAIL_CHANGE_PENDING, code: 200 });
  return jsonResponse(outcome.session);
}

export async function verifyGet(c: AuthContext, r: AuthRequest): Promise<Response> {
  const type = r.url.searchParams.get('type') ?? '';
  const tok = r.url.searchParams.get('token') ?? '';
  const target = c.redirectTo(query(r.url, 'redirect_to'));
  const pkceLink = tok.startsWith('pkce_');
  const answer = (params: Record<string, string>) =>
    redirect(pkceLink ? withQuery(target, params) : withFragment(target, params));
  const fail = (code: ErrorCode, description: string) =>
    answer({ error: 'access_denied', error_code: code, error_description: description });
  const types = TOKEN_TYPES[type];
  if (!types || type === 'email' || !tok || tok.length > 256 || tok.includes('\u0000'))
    return fail(ErrorCode.ValidationFailed, 'Email link is invalid or has expired');
  let outcome: Outcome;
  try {
    outcome = await c.store.transaction(async (tx): Promise<Outcome> => {
      const res = await spend(c, tx, types, [tok]);
      if (!res) throw forbidden(ErrorCode.OTPExpired, 'Email link is invalid or has expired');
      if (isBanned(res.user)) throw badRequest(ErrorCode.UserBanned, 'User is banned');
      if (await emailChangeStillPending(tx, res.user, res.row.token_type)) return { kind: 'pending' };
      const u = await applyVerification(tx, res.user, res.row.token_type);
      if (res.pkce) {
        const fs = await tx.flowStates.latestOpen(u.id, AUTH_METHOD_FOR_LINK[type as LinkType]);
        if (!fs) throw badRequest(ErrorCode.FlowStateNotFound, 'No valid flow state found for this link');
        const code = randomUUID();
        await tx.flowStates.issueCode(fs.id, sha256Hex(code), u.id);
        return { kind: 'code', code };
      }
      return { kind: 'session', session: await issueSession(c, tx, u, 'otp', r) };
    });
  } catch (e) {
    if (e instanceof AuthHttpError) return fail(e.errorCode, e.message);
    throw e;
  }
  if (outcome.kind === 'pending') return answer({ message: EMAIL_CHANGE_PENDING });
  if (outcome.kind === 'code') return redirect(withQuery(target, { code: outcome.code }));
  return redirect(sessionInFragment(target, outcome.session, { type }));
}
