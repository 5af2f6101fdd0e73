/**
 * The OAuth 2.1 server's client-facing endpoints (GoTrue's OAuthToken, requireOAuthClientAuth, OAuthUserInfo):
 * POST /oauth/token — the client authenticates (client_secret_basic, client_secret_post, or only its client_id when
 * public, exactly as registered) and exchanges an approved code with its PKCE verifier (authorization_code) or
 * refreshes (refresh_token; a session issued to a client refreshes only as that client) — and GET /oauth/userinfo,
 * the user's claims as the session's scopes allow. Errors of the grant are OAuth's `{ error, error_description }`.
 */
import { createHash } from 'node:crypto';
import { parseJson, InvalidJson } from '../../body.ts';
import type { AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { constantTimeEqual, pkceMatches } from '../crypto.ts';
import { badRequest, jsonResponse, OAuthError } from '../errors.ts';
import { isBanned, obj } from '../json.ts';
import { issueSession, refreshGrant, type SessionJson } from '../session.ts';
import { isUuid, type OAuthAuthorizationRow, type OAuthClientRow, type UserRow } from '../store/index.ts';
import { parseScopes } from './oauthServer.ts';
import { ErrorCode } from '../errorCodes.ts';

type Params = Record<string, string>;

const invalidCredentials = (reason: string) =>
  badRequest(ErrorCode.InvalidCredentials, `Invalid client credentials: ${reason}`);

/**
 * The token request's parameters: a JSON body when the content type says so, else the form body and the query
 * (Go's FormValue). A value that is not a string makes the JSON unreadable, as Go's decoder finds it.
 */
async function tokenParams(r: AuthRequest): Promise<Params> {
  const type = (r.req.headers.get('content-type') ?? '').toLowerCase();
  const text = await r.req.text();
  const out: Params = {};
  if (type.includes('application/json')) {
    let value: unknown;
    try {
      value = text.trim() ? parseJson(text, 8) : undefined;
    } catch (e) {
      if (e instanceof InvalidJson) throw invalidCredentials('failed to parse JSON body');
      throw e;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw invalidCredentials('failed to parse JSON body');
    for (const [k, v] of Object.entries(value)) {
      if (v === null) continue;
      if (typeof v !== 'string') throw invalidCredentials('failed to parse JSON body');
      out[k] = v;
    }
  } else {
    if (type.startsWith('application/x-www-form-urlencoded'))
      for (const [k, v] of new URLSearchParams(text)) out[k] ??= v;
    for (const [k, v] of r.url.searchParams) out[k] ??= v;
  }
  for (const v of Object.values(out))
    if (v.includes('\u0000'))
      throw badRequest(ErrorCode.ValidationFailed, 'Request contains a NUL character');
  return out;
}

interface Credentials {
  clientId: string;
  secret: string;
  method: OAuthClientRow['token_endpoint_auth_method'];
}

/** GoTrue's ExtractClientCredentials: HTTP Basic first, else client_id (and client_secret) in the body. */
function credentials(r: AuthRequest, p: Params): Credentials {
  const header = r.req.headers.get('authorization') ?? '';
  if (header.startsWith('Basic ')) {
    const encoded = header.slice('Basic '.length);
    if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
      throw invalidCredentials('invalid basic auth encoding');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidCredentials('invalid basic auth format');
    return {
      clientId: decoded.slice(0, colon),
      secret: decoded.slice(colon + 1),
      method: 'client_secret_basic',
    };
  }
  const clientId = p.client_id ?? '';
  if (!clientId) throw invalidCredentials('client_id is required');
  const secret = p.client_secret ?? '';
  return { clientId, secret, method: secret ? 'client_secret_post' : 'none' };
}

function secretMatches(secret: string, hash: string | null): boolean {
  return !!hash && constantTimeEqual(createHash('sha256').update(secret).digest('base64url'), hash);
}

/** GoTrue's requireOAuthClientAuth: the client, authenticated the way it registered. */
async function authenticateClient(c: AuthContext, r: AuthRequest, p: Params): Promise<OAuthClientRow> {
  const creds = credentials(r, p);
  const refuse = (msg: string) => badRequest(ErrorCode.InvalidCredentials, msg);
  if (!isUuid(creds.clientId)) throw refuse('Invalid client_id format');
  const client = await c.store.oauthClients.byId(creds.clientId);
  if (!client) throw refuse('Invalid client credentials');
  if (creds.method !== client.token_endpoint_auth_method) {
    throw refuse(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${creds.method}' was used`,
    );
  }
  if (client.client_type === 'public') {
    if (creds.secret) throw refuse('public clients must not provide client_secret');
  } else {
    if (!creds.secret) throw refuse('confidential clients must provide client_secret');
    if (!secretMatches(creds.secret, client.client_secret_hash)) throw refuse('invalid client credentials');
  }
  return client;
}

/** The answer an OAuth client gets: no user object, no expires_at (GoTrue strips them). */
function tokenJson(s: SessionJson, idToken?: string): Record<string, unknown> {
  return {
    access_token: s.access_token,
    token_type: s.token_type,
    expires_in: s.expires_in,
    refresh_token: s.refresh_token,
    ...(idToken ? { id_token: idToken } : {}),
  };
}

/** POST /oauth/token. */
export async function oauthToken(c: AuthContext, r: AuthRequest): Promise<Response> {
  const p = await tokenParams(r);
  const client = await authenticateClient(c, r, p);
  const grant = p.grant_type ?? '';
  if (!grant) throw new OAuthError('invalid_request', 'grant_type is required');
  if (!client.grant_types.split(',').some((g) => g.trim() === grant)) {
    throw new OAuthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grant}`);
  }
  if (grant === 'authorization_code') return codeGrant(c, r, p, client);
  if (grant === 'refresh_token') {
    if (!p.refresh_token)
      throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant');
    return jsonResponse(tokenJson(await refreshGrant(c, p.refresh_token, client.id)));
  }
  throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grant}`);
}

/** Everything GoTrue checks of a code before it is spent: any failure leaves the code as it was. */
async function checkCode(
  c: AuthContext,
  p: Params,
  client: OAuthClientRow,
): Promise<{ a: OAuthAuthorizationRow; user: UserRow }> {
  const invalidGrant = (msg: string) => new OAuthError('invalid_grant', msg);
  const code = p.code ?? '';
  if (!code) throw new OAuthError('invalid_request', 'code is required for authorization_code grant');
  const a = code.length <= 255 ? await c.store.oauthAuthorizations.approvedByCode(code) : null;
  if (!a) throw invalidGrant('Invalid authorization code');
  if (new Date(a.expires_at).getTime() < Date.now()) throw invalidGrant('Authorization code has expired');
  if (a.client_id !== client.id) throw invalidGrant('Authorization code was not issued for this client');
  if (p.resource && p.resource !== (a.resource ?? ''))
    throw invalidGrant('Authorization code resource does not match the resource parameter');
  if (p.redirect_uri && p.redirect_uri !== a.redirect_uri) throw invalidGrant('Invalid redirect_uri');
  if (a.code_challenge) {
    const verifier = p.code_verifier ?? '';
    if (!verifier)
      throw invalidGrant(
        'PKCE verification failed: code_verifier is required when PKCE challenge is present',
      );
    if (!pkceMatches(verifier, a.code_challenge, a.code_challenge_method ?? 's256')) {
      throw invalidGrant(
        'PKCE verification failed: code challenge does not match previously saved code verifier',
      );
    }
  }
  if (!a.user_id) throw invalidGrant('Authorization code has no associated user');
  const user = await c.store.users.byId(a.user_id);
  if (!user) throw invalidGrant('User not found for authorization code');
  if (isBanned(user)) throw new OAuthError('access_denied', 'User is banned');
  return { a, user };
}

async function codeGrant(
  c: AuthContext,
  r: AuthRequest,
  p: Params,
  client: OAuthClientRow,
): Promise<Response> {
  const { a, user } = await checkCode(c, p, client);
  const scopes = parseScopes(a.scope);
  const openid = scopes.includes('openid');
  // GoTrue signs ID tokens only with an asymmetric key and fails the exchange (500) after spending the code when it
  // has none; here the request is refused before anything changes, with the reason.
  if (openid && c.tokens.jwks().length === 0) {
    throw new OAuthError(
      'server_error',
      'ID tokens need an asymmetric signing key (RS256 or ES256, [auth] signing_keys_path); this project signs with HS256',
    );
  }
  const session = await c.store.transaction(async (tx) => {
    // Codes are single use: of two concurrent exchanges, one deletes the request, the other finds nothing.
    if (!(await tx.oauthAuthorizations.consume(a.id)))
      throw new OAuthError('invalid_grant', 'Invalid authorization code');
    return issueSession(
      c,
      tx,
      user,
      'oauth_provider/authorization_code',
      r,
      {},
      { clientId: client.id, scopes: a.scope },
    );
  });
  const idToken = openid
    ? await c.tokens.sign(idTokenClaims(c, user, client.id, a.nonce, scopes))
    : undefined;
  return jsonResponse(tokenJson(session, idToken));
}

const meta = (u: UserRow) => obj(u.raw_user_meta_data);
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The profile claims GoTrue takes from user_metadata: name (else the address), picture, preferred_username. */
function profileClaims(u: UserRow): Record<string, unknown> {
  const m = meta(u);
  const out: Record<string, unknown> = {};
  const name = text(m.name) ?? text(u.email);
  if (name) out.name = name;
  const picture = text(m.picture) ?? text(m.avatar_url);
  if (picture) out.picture = picture;
  const username = text(m.preferred_username) ?? text(m.username);
  if (username) out.preferred_username = username;
  const updated = u.updated_at ? Math.floor(new Date(u.updated_at).getTime() / 1000) : 0;
  if (updated > 0) out.updated_at = updated;
  return out;
}

/** An OpenID Connect ID token for the client (GoTrue's GenerateIDToken): claims by scope, an hour's life. */
function idTokenClaims(
  c: AuthContext,
  u: UserRow,
  clientId: string,
  nonce: string | null,
  scopes: string[],
): Record<string, unknown> {
  const iat = Math.floor(Date.now() / 1000);
  const authTime = u.last_sign_in_at ? Math.floor(new Date(u.last_sign_in_at).getTime() / 1000) : iat;
  return {
    iss: c.issuer,
    sub: u.id,
    aud: clientId,
    exp: iat + 3600,
    iat,
    ...(nonce ? { nonce } : {}),
    auth_time: authTime,
    email_verified: scopes.includes('email') && !!u.email_confirmed_at,
    phone_number_verified: scopes.includes('phone') && !!u.phone_confirmed_at,
    ...(scopes.includes('email') && u.email ? { email: u.email } : {}),
    ...(scopes.includes('phone') && u.phone ? { phone_number: u.phone } : {}),
    ...(scopes.includes('profile') ? profileClaims(u) : {}),
    client_id: clientId,
  };
}

/** GET /oauth/userinfo: `sub`, and what the session's scopes (email, profile, phone) allow. */
export async function userinfo(_c: AuthContext, _r: AuthRequest, me: SignedIn): Promise<Response> {
  const u = me.user;
  const scopes = parseScopes(me.session.scopes);
  const out: Record<string, unknown> = { sub: u.id };
  if (scopes.includes('email')) {
    if (u.email) out.email = u.email;
    if (u.email_confirmed_at) out.email_verified = true;
  }
  if (scopes.includes('profile')) {
    Object.assign(out, profileClaims(u));
    out.user_metadata = meta(u);
  }
  if (scopes.includes('phone')) {
    if (u.phone) out.phone = u.phone;
    if (u.phone_confirmed_at) out.phone_verified = true;
  }
  return jsonResponse(out);
}
