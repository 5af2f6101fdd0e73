/**
 * Sessions and their tokens: a new session for a sign-in, the answer with a fresh access token, and the
 * refresh-token grant (rotation with reuse detection, GoTrue's reuse interval). Run inside the caller's transaction.
 */
import { createHmac } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { badRequest, OAuthError } from './errors.ts';
import { epoch, isBanned, obj, userJson } from './json.ts';
import { withFragment } from './redirects.ts';
import { CommitThenFail, type Json, type SessionRow, type Store, type UserRow } from './store/index.ts';
import type { Claims } from './tokens.ts';
import { ErrorCode } from './errorCodes.ts';

type Amr = NonNullable<Claims['amr']>[number];

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
  provider_token?: string | null;
  provider_refresh_token?: string | null;
}

/**
 * The token that follows `parentHash` in a session's chain. Derived (HMAC with the JWT secret) rather than random so
 * that, within the reuse interval, the parent can be answered with the very same live token as GoTrue does, while
 * only its hash is stored. A session's first token is random.
 */
function childToken(c: AuthContext, sessionId: string, parentHash: string): string {
  return createHmac('sha256', c.settings.jwtSecret)
    .update(`refresh-token:${sessionId}:${parentHash}`)
    .digest('base64url')
    .slice(0, 32);
}

async function amr(tx: Store, sessionId: string): Promise<Amr[]> {
  return (await tx.sessions.amr(sessionId)).map((r) => ({
    method: r.authentication_method,
    timestamp: epoch(r.created_at),
  }));
}

/** What an access token says about its session: id, level, and the OAuth client and scopes it was issued to. */
export type SessionClaims = Pick<SessionRow, 'id' | 'aal' | 'oauth_client_id' | 'scopes'>;

/** The OAuth client a session is issued to by the OAuth 2.1 server's code grant, with the scopes granted. */
export interface OAuthGrant {
  clientId: string;
  scopes: string;
}

/** The session answer: a fresh access token for the session, the refresh token and the user. */
export async function sessionAnswer(
  c: AuthContext,
  tx: Store,
  u: UserRow,
  session: SessionClaims,
  refreshToken: string,
  extra: Json = {},
): Promise<SessionJson> {
  const sessionId = session.id;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + c.settings.jwtExpiry;
  const accessToken = await c.tokens.sign({
    iss: c.issuer,
    sub: u.id,
    aud: u.aud ?? 'authenticated',
    exp,
    iat,
    email: u.email ?? '',
    phone: u.phone ?? '',
    app_metadata: obj(u.raw_app_meta_data),
    user_metadata: obj(u.raw_user_meta_data),
    role: u.role ?? 'authenticated',
    aal: session.aal ?? 'aal1',
    amr: await amr(tx, sessionId),
    session_id: sessionId,
    is_anonymous: !!u.is_anonymous,
    // GoTrue's claims for a session an OAuth client holds (omitted otherwise).
    ...(session.oauth_client_id ? { client_id: session.oauth_client_id } : {}),
    ...(session.scopes ? { scope: session.scopes } : {}),
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: c.settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, u),
    ...extra,
  };
}

/**
 * A new session for a user who just signed in with `method` (password, otp, oauth, ...); `oauth` when the OAuth 2.1
 * server issues it to a client (its access tokens then carry `client_id` and `scope`).
 */
export async function issueSession(
  c: AuthContext,
  tx: Store,
  u: UserRow,
  method: string,
  who: { userAgent: string | null; client: string },
  extra: Json = {},
  oauth: OAuthGrant | null = null,
): Promise<SessionJson> {
  const session = await tx.sessions.insert(u.id, who.userAgent?.slice(0, 512) ?? null, oauth);
  await tx.sessions.addAmr(session.id, method);
  const fresh = await tx.users.recordSignIn(u.id);
  const refresh = randomToken(24);
  await tx.refreshTokens.insert(u.id, session.id, sha256Hex(refresh), null);
  await tx.audit.log(
    'login',
    fresh,
    oauth
      ? { provider_type: 'oauth_provider_authorization_code', client_id: oauth.clientId }
      : { provider: method },
    who.client,
  );
  return sessionAnswer(c, tx, fresh, session, refresh, extra);
}

/** New tokens for an existing session (after it stepped up with a second factor); older refresh tokens end. */
export async function reissueSession(
  c: AuthContext,
  tx: Store,
  u: UserRow,
  sessionId: string,
): Promise<SessionJson> {
  const s = await tx.sessions.byId(sessionId);
  await tx.refreshTokens.revokeSession(sessionId);
  const refresh = randomToken(24);
  await tx.refreshTokens.insert(u.id, sessionId, sha256Hex(refresh), null);
  return sessionAnswer(
    c,
    tx,
    u,
    s ?? { id: sessionId, aal: 'aal1', oauth_client_id: null, scopes: null },
    refresh,
  );
}

const notFound = () =>
  badRequest(ErrorCode.RefreshTokenNotFound, 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * GoTrue's check of the client against the session: a session issued to an OAuth client refreshes only through
 * /oauth/token authenticated as that client, any other only without one.
 */
function checkRefreshClient(sessionClientId: string | null, clientId: string | null): void {
  if (sessionClientId) {
    if (!clientId) throw new OAuthError('invalid_client', 'Client authentication required for OAuth session');
    if (clientId !== sessionClientId)
      throw new OAuthError('invalid_client', "Client does not match the session's OAuth client");
  } else if (clientId) {
    throw new OAuthError('invalid_client', 'Client authentication not allowed for non-OAuth session');
  }
}

/**
 * The refresh-token grant, in one transaction: rotation, reuse within the interval, and revocation on theft.
 * `clientId`: the OAuth client that authenticated at /oauth/token (null at /token).
 */
export function refreshGrant(
  c: AuthContext,
  token: string,
  clientId: string | null = null,
): Promise<SessionJson> {
  if (!token || token.length > 255) throw notFound();
  const hash = sha256Hex(token);
  return c.store.transaction(async (tx) => {
    const owner = await tx.refreshTokens.sessionOf(hash);
    if (!owner?.session_id) throw notFound();
    checkRefreshClient(owner.oauth_client_id, clientId);
    const sessionId = owner.session_id;
    const child = childToken(c, sessionId, hash);
    const used = await tx.refreshTokens.rotate(hash, sha256Hex(child));
    if (!used) {
      const prior = await tx.refreshTokens.prior(hash);
      if (!prior) throw notFound();
      if (
        c.settings.refreshTokenReuseInterval > 0 &&
        prior.age < c.settings.refreshTokenReuseInterval &&
        prior.live_children > 0 &&
        prior.used_children === 0
      ) {
        // A concurrent refresh (another tab) within the reuse interval, while the chain has not moved on: answer
        // with the session's live token, as GoTrue does. No second live token is made, so a later reuse of either
        // still revokes the family.
        const session = await tx.sessions.byId(prior.session_id);
        const u = session ? await tx.users.byId(prior.user_id) : null;
        const expired = session?.not_after && new Date(session.not_after).getTime() < Date.now();
        if (
          session &&
          u &&
          !expired &&
          !isBanned(u) &&
          (await tx.refreshTokens.isLiveChild(sha256Hex(child), hash))
        ) {
          return sessionAnswer(c, tx, u, session, child);
        }
      }
      // A rotated token came back: the whole family (the session) is treated as stolen, and that sticks.
      await tx.sessions.delete(prior.session_id);
      await tx.audit.log('token_revoked', null, {
        reason: 'refresh_token_reuse',
        session_id: prior.session_id,
      });
      throw new CommitThenFail(
        badRequest(ErrorCode.RefreshTokenAlreadyUsed, 'Invalid Refresh Token: Already Used'),
      );
    }
    const session = await tx.sessions.refreshed(used.session_id);
    if (!session) throw badRequest(ErrorCode.SessionNotFound, 'Invalid Refresh Token: Session not found');
    if (session.not_after && new Date(session.not_after).getTime() < Date.now())
      throw badRequest(ErrorCode.SessionExpired, 'Invalid Refresh Token: Session Expired');
    const u = await tx.users.byId(used.user_id);
    if (!u) throw notFound();
    if (isBanned(u)) throw badRequest(ErrorCode.UserBanned, 'User is banned');
    return sessionAnswer(c, tx, u, session, child);
  });
}

/** The implicit flow's landing: the session in the URL fragment of `target` (GoTrue's AsRedirectURL). */
export function sessionInFragment(
  target: string,
  s: SessionJson,
  extra: Record<string, string> = {},
): string {
  return withFragment(target, {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    ...extra,
    refresh_token: s.refresh_token,
    token_type: 'bearer',
  });
}
