/** POST /token: the password, refresh_token and pkce grants. */
import type { AuthContext, AuthRequest, LimitName } from '../context.ts';
import { burnPasswordCheck, checkPassword, pkceMatches, sha256Hex } from '../crypto.ts';
import {
  badRequest,
  forbidden,
  invalidCredentials,
  jsonResponse,
  notFound,
  unprocessable,
} from '../errors.ts';
import { isBanned } from '../json.ts';
import { isPresent } from '../request.ts';
import { idTokenGrant } from './idToken.ts';
import { issueSession, refreshGrant } from '../session.ts';
import { CommitThenFail } from '../store/index.ts';
import { ErrorCode } from '../errorCodes.ts';

/** PKCE authorization codes live 10 minutes. */
const FLOW_CODE_TTL = 600;

/** Refreshes have their own, larger limit; the other grants count as sign-ins. */
export function tokenLimit(r: AuthRequest): LimitName {
  return r.url.searchParams.get('grant_type') === 'refresh_token' ? 'refresh' : 'signIn';
}

export async function token(c: AuthContext, r: AuthRequest): Promise<Response> {
  const grant = r.url.searchParams.get('grant_type');
  if (grant === 'refresh_token') return refresh(c, r);
  if (grant === 'password') return password(c, r);
  if (grant === 'pkce') return pkce(c, r);
  if (grant === 'id_token') return idTokenGrant(c, r);
  if (grant === 'web3') throw unprocessable(ErrorCode.Web3ProviderDisabled, 'Web3 provider is disabled');
  // GoTrue answers an unknown grant type with this code and message.
  throw badRequest(ErrorCode.InvalidCredentials, 'unsupported_grant_type');
}

async function refresh(c: AuthContext, r: AuthRequest): Promise<Response> {
  const rt = (await r.body()).refresh_token;
  if (typeof rt !== 'string' || !rt)
    throw badRequest(ErrorCode.RefreshTokenNotFound, 'Invalid Refresh Token: Refresh Token Not Found');
  return jsonResponse(await refreshGrant(c, rt));
}

async function password(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  if (isPresent(body, 'phone') && !isPresent(body, 'email'))
    throw badRequest(ErrorCode.PhoneProviderDisabled, 'Phone logins are disabled');
  if (!isPresent(body, 'email')) throw badRequest(ErrorCode.ValidationFailed, 'missing email or phone');
  if (typeof body.email !== 'string' || body.email.length > 255) throw invalidCredentials();
  if (typeof body.password !== 'string' || !body.password)
    throw badRequest(ErrorCode.ValidationFailed, 'missing password');
  if (Buffer.byteLength(body.password) > 72) throw invalidCredentials();
  const u = await c.store.users.byEmail(body.email.trim());
  if (!u || !u.encrypted_password) {
    // A miss costs one hash comparison too.
    await burnPasswordCheck(body.password, c.settings.bcryptCost);
    throw invalidCredentials();
  }
  if (!(await checkPassword(body.password, u.encrypted_password))) throw invalidCredentials();
  if (!u.email_confirmed_at) throw badRequest(ErrorCode.EmailNotConfirmed, 'Email not confirmed');
  if (isBanned(u)) throw badRequest(ErrorCode.UserBanned, 'User is banned');
  return jsonResponse(await c.store.transaction((tx) => issueSession(c, tx, u, 'password', r)));
}

async function pkce(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  const code = body.auth_code;
  const verifier = body.code_verifier;
  if (
    typeof code !== 'string' ||
    typeof verifier !== 'string' ||
    !code ||
    !verifier ||
    code.length > 128 ||
    verifier.length > 256
  ) {
    throw badRequest(
      ErrorCode.ValidationFailed,
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await c.store.transaction(async (tx) => {
    const fs = await tx.flowStates.takeByCode(sha256Hex(code));
    if (!fs) throw notFound(ErrorCode.FlowStateNotFound, 'invalid flow state, no valid flow state found');
    // From here a failure still spends the code (single use).
    const fail = (e: Error) => new CommitThenFail(e);
    if (Date.now() - new Date(fs.auth_code_issued_at ?? 0).getTime() > FLOW_CODE_TTL * 1000) {
      throw fail(badRequest(ErrorCode.FlowStateExpired, 'invalid flow state, flow state has expired'));
    }
    if (!pkceMatches(verifier, fs.code_challenge, fs.code_challenge_method)) {
      throw fail(
        forbidden(ErrorCode.BadCodeVerifier, 'code challenge does not match previously saved code verifier'),
      );
    }
    const u = fs.user_id ? await tx.users.byId(fs.user_id) : null;
    if (!u) throw fail(notFound(ErrorCode.UserNotFound, 'User not found'));
    if (isBanned(u)) throw fail(badRequest(ErrorCode.UserBanned, 'User is banned'));
    const extra =
      fs.provider_type !== 'email'
        ? {
            provider_token: fs.provider_access_token ?? null,
            provider_refresh_token: fs.provider_refresh_token ?? null,
          }
        : {};
    return issueSession(c, tx, u, fs.authentication_method, r, extra);
  });
  return jsonResponse(session);
}
