/**
 * Supabase Auth as an OAuth 2.1 / OpenID Connect provider for third-party apps (GoTrue's internal/api/oauthserver,
 * served when config.toml `[auth.oauth_server] enabled`): the browser's side of the flow and the user's grants.
 *
 * GET /oauth/authorize checks the client and its exact redirect URI (else a JSON 400: the URI cannot be trusted), then
 * the other parameters (failures go back to the redirect URI as `error=invalid_request`), stores the request and sends
 * the browser to the site's consent page (`authorization_url_path`) with `authorization_id`. The signed-in user's
 * consent page reads it (supabase-js `auth.oauth.getAuthorizationDetails`; a consent already covering the scopes
 * approves at once) and approves or denies it (`approveAuthorization` / `denyAuthorization`): the answer is the
 * client's redirect URI with `code` (or `error=access_denied`) and `state`. The code is exchanged at /oauth/token
 * (oauthToken.ts). `auth.oauth.listGrants` / `revokeGrant` list and revoke what the user consented to; revoking ends
 * the sessions the client holds.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { AuthHttpError, badRequest, forbidden, jsonResponse, notFound } from '../errors.ts';
import { iso } from '../json.ts';
import { redirect, redirectAllowed } from '../redirects.ts';
import { query } from '../request.ts';
import {
  CommitThenFail,
  isUuid,
  type OAuthAuthorizationRow,
  type OAuthClientRow,
  type Store,
} from '../store/index.ts';
import { registerClient, requireEnabled } from './oauthClients.ts';
import { ErrorCode } from '../errorCodes.ts';

/** The scopes GoTrue's server knows (models.SupportedOAuthScopes). */
export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];

/** A space-separated scope string as a list (GoTrue's ParseScopeString). */
export function parseScopes(scope: string | null | undefined): string[] {
  return (scope ?? '')
    .trim()
    .split(' ')
    .map((s) => s.trim())
    .filter(Boolean);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The id the consent page gets: 32 random letters and digits (GoTrue's SecureAlphanumeric(32)). */
function authorizationId(): string {
  let out = '';
  for (let i = 0; i < 32; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

const authorizationNotFound = () => notFound(ErrorCode.OAuthAuthorizationNotFound, 'authorization not found');
const expired = (a: OAuthAuthorizationRow) => new Date(a.expires_at).getTime() < Date.now();

/** The client as the consent page and the grants list show it (GoTrue omits empty texts). */
export function clientDetails(
  k: Pick<OAuthClientRow, 'id' | 'client_name' | 'client_uri' | 'logo_uri'>,
): Record<string, string> {
  return {
    id: k.id,
    ...(k.client_name ? { name: k.client_name } : {}),
    ...(k.client_uri ? { uri: k.client_uri } : {}),
    ...(k.logo_uri ? { logo_uri: k.logo_uri } : {}),
  };
}

function withParams(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
  return u.toString();
}

/** The client's redirect URI with an OAuth error (and the request's state). */
function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | null,
): string {
  return withParams(redirectUri, { error, error_description: description, state: state ?? '' });
}

/** The client's redirect URI with the code of an approved request (and its state). */
function successRedirect(a: OAuthAuthorizationRow): string {
  return withParams(a.redirect_uri, { code: a.authorization_code ?? '', state: a.state ?? '' });
}

/**
 * GoTrue's validateRequestOrigin: a browser's Origin (when sent) must be the site or an allowed redirect URL, so
 * another site's page cannot read or approve a user's authorization.
 */
function checkOrigin(c: AuthContext, r: AuthRequest): void {
  const origin = r.req.headers.get('origin');
  if (origin && !redirectAllowed(c.settings, origin))
    throw badRequest(ErrorCode.ValidationFailed, 'unauthorized request origin');
}

interface AuthorizeParams {
  responseType: string;
  scope: string;
  state: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
}

function resourceProblem(resource: string): string | null {
  if (!resource) return null;
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(resource)) return 'resource must be an absolute URI';
  if (!URL.canParse(resource)) return 'resource must be a valid URI';
  const hash = resource.indexOf('#');
  if (hash >= 0 && hash < resource.length - 1) return 'resource must not include a fragment component';
  const beforeHash = hash >= 0 ? resource.slice(0, hash) : resource;
  const q = beforeHash.indexOf('?');
  if (q >= 0 && q < beforeHash.length - 1) return 'resource must not include a query component';
  return null;
}

/** GoTrue's validateRemainingAuthorizeParams (after the defaults): the reason, sent back to the redirect URI. */
function paramsProblem(p: AuthorizeParams): string | null {
  if (p.responseType !== 'code') return 'only response_type=code is supported';
  if (!p.scope) return 'scope parameter is required';
  const scopes = parseScopes(p.scope);
  if (!scopes.length) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  const resource = resourceProblem(p.resource);
  if (resource) return resource;
  // PKCE is required (OAuth 2.1); GoTrue accepts S256 and plain.
  if (!p.codeChallenge || !p.codeChallengeMethod)
    return 'PKCE flow requires both code_challenge and code_challenge_method';
  const method = p.codeChallengeMethod.toLowerCase();
  if (method !== 's256' && method !== 'plain') return "code_challenge_method must be 'S256' or 'plain'";
  if (p.codeChallenge.length < 43 || p.codeChallenge.length > 128)
    return 'code_challenge must be between 43 and 128 characters';
  return null;
}

/** A database refusal of a stored value (too long for its column): GoTrue answers it as a failed creation. */
function refusedValue(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** GET /oauth/authorize: a third-party client starts the authorization code flow (PKCE required). */
export async function authorize(c: AuthContext, r: AuthRequest): Promise<Response> {
  const get = (k: string) => query(r.url, k) ?? '';
  const clientId = get('client_id');
  const redirectUri = get('redirect_uri');
  // Until client and redirect URI are known good, errors are answered here, never sent to the URI.
  if (!clientId) throw badRequest(ErrorCode.ValidationFailed, 'client_id is required');
  if (!redirectUri) throw badRequest(ErrorCode.ValidationFailed, 'redirect_uri is required');
  if (!isUuid(clientId)) throw badRequest(ErrorCode.OAuthClientNotFound, 'invalid client_id format');
  const client = await c.store.oauthClients.byId(clientId);
  if (!client) throw badRequest(ErrorCode.OAuthClientNotFound, 'invalid client_id');
  // Exact string match against the registered URIs (OAuth 2.1).
  if (!client.redirect_uris.split(',').includes(redirectUri))
    throw badRequest(ErrorCode.ValidationFailed, 'invalid redirect_uri');

  const p: AuthorizeParams = {
    responseType: get('response_type') || 'code',
    scope: get('scope') || c.settings.oauthServer.defaultScope,
    state: get('state'),
    resource: get('resource'),
    codeChallenge: get('code_challenge'),
    codeChallengeMethod: get('code_challenge_method'),
    nonce: get('nonce'),
  };
  const problem = paramsProblem(p);
  if (problem) return redirect(errorRedirect(redirectUri, 'invalid_request', problem, p.state), 302);

  let row: OAuthAuthorizationRow;
  try {
    row = await c.store.oauthAuthorizations.insert({
      authorizationId: authorizationId(),
      clientId: client.id,
      redirectUri,
      scope: p.scope,
      state: p.state || null,
      resource: p.resource || null,
      codeChallenge: p.codeChallenge,
      codeChallengeMethod: p.codeChallengeMethod.toLowerCase() as 's256' | 'plain',
      nonce: p.nonce || null,
      ttlSeconds: c.settings.oauthServer.authorizationTtl,
    });
  } catch (e) {
    if (!refusedValue(e)) throw e;
    return redirect(errorRedirect(redirectUri, 'server_error', 'error creating authorization', p.state), 302);
  }
  const path = c.settings.oauthServer.authorizationPath;
  if (!path)
    return redirect(
      errorRedirect(redirectUri, 'server_error', 'oauth authorization path not configured', p.state),
      302,
    );
  const consentPage = `${c.settings.siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  return redirect(`${consentPage}?authorization_id=${row.authorization_id}`, 302);
}

/**
 * The request, locked for the transaction (GoTrue's FOR UPDATE SKIP LOCKED); past its lifetime it is marked expired
 * (committed) and not found.
 */
async function lockLive(tx: Store, id: string): Promise<OAuthAuthorizationRow> {
  const a = await tx.oauthAuthorizations.lockByAuthorizationId(id);
  if (!a) throw authorizationNotFound();
  if (expired(a)) {
    await tx.oauthAuthorizations.setStatus(a.id, 'expired');
    throw new CommitThenFail(authorizationNotFound());
  }
  return a;
}

/**
 * GET /oauth/authorizations/:authorizationId (getAuthorizationDetails): the request claimed by the signed-in user,
 * with its client and scopes; `{ redirect_url }` instead when the user's consent already covers the scopes.
 */
export async function authorizationDetails(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  checkOrigin(c, r);
  const id = r.params.authorizationId ?? '';
  const out = await c.store.transaction(async (tx) => {
    const a = await lockLive(tx, id);
    if (a.status !== 'pending')
      throw badRequest(ErrorCode.ValidationFailed, 'authorization request cannot be processed');
    if (!a.user_id) {
      await tx.oauthAuthorizations.setUser(a.id, me.user.id);
      const consent = await tx.oauthConsents.active(me.user.id, a.client_id);
      const granted = consent ? parseScopes(consent.scopes) : [];
      if (consent && parseScopes(a.scope).every((s) => granted.includes(s))) {
        const approved = await tx.oauthAuthorizations.approve(a.id, randomUUID());
        return { redirect_url: successRedirect(approved!) };
      }
    } else if (a.user_id !== me.user.id) {
      throw authorizationNotFound();
    }
    const client = await tx.oauthClients.byId(a.client_id);
    // The request stays claimed by this user, as GoTrue commits that before it looks the client up.
    if (!client) throw new CommitThenFail(authorizationNotFound());
    return {
      authorization_id: a.authorization_id,
      redirect_uri: a.redirect_uri,
      client: clientDetails(client),
      user: { id: me.user.id, ...(me.user.email ? { email: me.user.email } : {}) },
      scope: a.scope,
    };
  });
  return jsonResponse(out);
}

/** POST /oauth/authorizations/:authorizationId/consent (approveAuthorization / denyAuthorization). */
export async function consent(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  checkOrigin(c, r);
  let action: unknown;
  try {
    action = (await r.body()).action;
  } catch (e) {
    if (e instanceof AuthHttpError && e.errorCode === ErrorCode.BadJSON)
      throw badRequest(ErrorCode.BadJSON, 'invalid JSON body');
    throw e;
  }
  if (action !== 'approve' && action !== 'deny')
    throw badRequest(ErrorCode.ValidationFailed, "action must be 'approve' or 'deny'");
  const id = r.params.authorizationId ?? '';
  const redirectUrl = await c.store.transaction(async (tx) => {
    const a = await lockLive(tx, id);
    if (a.status !== 'pending')
      throw badRequest(ErrorCode.ValidationFailed, 'authorization request is no longer pending');
    // Another user's request (or one no one has opened) is not found, so ids cannot be probed.
    if (a.user_id !== me.user.id) throw authorizationNotFound();
    if (action === 'approve') {
      const approved = await tx.oauthAuthorizations.approve(a.id, randomUUID());
      await tx.oauthConsents.upsert(me.user.id, a.client_id, parseScopes(a.scope).join(' '));
      return successRedirect(approved!);
    }
    await tx.oauthAuthorizations.setStatus(a.id, 'denied');
    return errorRedirect(a.redirect_uri, 'access_denied', 'User denied the request', a.state);
  });
  return jsonResponse({ redirect_url: redirectUrl });
}

/** GET /user/oauth/grants (listGrants): the clients the user consented to, newest first. */
export async function listGrants(c: AuthContext, _r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  const rows = await c.store.oauthConsents.activeOfUser(me.user.id);
  return jsonResponse(
    rows.map((g) => ({
      client: clientDetails({
        id: g.client_id,
        client_name: g.client_name,
        client_uri: g.client_uri,
        logo_uri: g.logo_uri,
      }),
      scopes: parseScopes(g.scopes),
      granted_at: iso(g.granted_at),
    })),
  );
}

/** DELETE /user/oauth/grants?client_id= (revokeGrant): the consent ends, and the sessions the client holds with it. */
export async function revokeGrant(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  const clientId = query(r.url, 'client_id');
  if (!clientId) throw badRequest(ErrorCode.ValidationFailed, 'client_id query parameter is required');
  if (!isUuid(clientId)) throw badRequest(ErrorCode.ValidationFailed, 'invalid client_id format');
  await c.store.transaction(async (tx) => {
    const grant = await tx.oauthConsents.active(me.user.id, clientId);
    if (!grant) throw notFound(ErrorCode.OAuthConsentNotFound, 'No active grant found for this client');
    await tx.oauthConsents.revoke(grant.id);
    await tx.sessions.deleteForOAuthClient(me.user.id, clientId);
    await tx.audit.log(
      'token_revoked',
      me.user,
      { oauth_client_id: clientId, action: 'revoke_oauth_grant' },
      r.client,
    );
  });
  return new Response(null, { status: 204 });
}

/** POST /oauth/clients/register: dynamic client registration (RFC 7591), when allow_dynamic_registration. */
export async function dynamicRegister(c: AuthContext, r: AuthRequest): Promise<Response> {
  if (!c.settings.oauthServer.allowDynamicRegistration) {
    throw forbidden(
      ErrorCode.OAuthDynamicClientRegistrationDisabled,
      'Dynamic client registration is not enabled',
    );
  }
  return registerClient(c, await r.body(), 'dynamic');
}

/**
 * GET /.well-known/openid-configuration (always) and /.well-known/oauth-authorization-server (when the server is
 * enabled): one document for OIDC Discovery and RFC 8414, as GoTrue's WellKnownOpenID.
 */
export async function metadata(c: AuthContext): Promise<Response> {
  const issuer = c.issuer.replace(/\/+$/, '');
  const { enabled, allowDynamicRegistration } = c.settings.oauthServer;
  return jsonResponse(
    {
      issuer: c.issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      ...(enabled && allowDynamicRegistration
        ? { registration_endpoint: `${issuer}/oauth/clients/register` }
        : {}),
      scopes_supported: SUPPORTED_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256', 'ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      claims_supported: [
        'sub',
        'aud',
        'iss',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
        'name',
        'picture',
        'preferred_username',
        'updated_at',
      ],
      code_challenge_methods_supported: ['S256', 'plain'],
    },
    200,
    { 'Cache-Control': 'public, max-age=600' },
  );
}
