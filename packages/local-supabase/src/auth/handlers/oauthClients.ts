/**
 * /admin/oauth/clients (supabase-js auth.admin.oauth.*): the clients of the project's own OAuth 2.1 authorization
 * server, served when config.toml `[auth.oauth_server] enabled` (else 404 feature_disabled). Validation, defaults and
 * answers are GoTrue's (internal/api/oauthserver/handlers.go, service.go, client_auth.go); the secret is shown once,
 * at registration or regeneration, and only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Admin, AuthContext, AuthRequest } from '../context.ts';
import { AuthHttpError, badRequest, jsonResponse, notFound } from '../errors.ts';
import { isUuid, type Json, type OAuthClientRow } from '../store/index.ts';
import { ErrorCode } from '../errorCodes.ts';

type AuthMethod = OAuthClientRow['token_endpoint_auth_method'];
const AUTH_METHODS: AuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

const invalid = (msg: string) => badRequest(ErrorCode.ValidationFailed, msg);
const typeOf = (method: AuthMethod): OAuthClientRow['client_type'] =>
  method === 'none' ? 'public' : 'confidential';

function clientJson(row: OAuthClientRow, secret?: string): Json {
  const split = (s: string) => (s ? s.split(',') : []);
  const out: Json = {
    client_id: row.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: row.client_type,
    redirect_uris: split(row.redirect_uris),
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    grant_types: split(row.grant_types),
    response_types: ['code'],
    registration_type: row.registration_type,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  // GoTrue omits empty optional texts.
  for (const k of ['client_name', 'client_uri', 'logo_uri'] as const) if (row[k]) out[k] = row[k];
  return out;
}

function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

function stringList(body: Json, key: string): string[] | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string'))
    throw invalid(`${key} must be an array of strings`);
  return v as string[];
}

function optText(body: Json, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(`${key} must be a string`);
  return v;
}

function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (DANGEROUS_SCHEMES.includes(scheme)) return `scheme '${scheme}' is not allowed for security reasons`;
  if (!u.host) return 'must have scheme and host';
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
    return 'HTTP scheme only allowed for localhost';
  if (uri.includes('#')) return 'fragment not allowed in redirect URI';
  return null;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (uris.length === 0)
    throw invalid(required ? 'redirect_uris is required' : 'redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((t) => !GRANT_TYPES.includes(t)))
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(key: 'client_uri' | 'logo_uri', value: string | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${key} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw invalid(`${key} must be a valid URL`);
}

function checkName(name: string | undefined): void {
  if (name && name.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
}

function checkAuthMethod(method: string | undefined): asserts method is AuthMethod | undefined {
  if (method !== undefined && !AUTH_METHODS.includes(method as AuthMethod)) {
    throw invalid(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  }
}

/** GoTrue's requireOAuthServerEnabled. */
export function requireEnabled(c: AuthContext): void {
  if (!c.settings.oauthServer.enabled)
    throw new AuthHttpError(404, ErrorCode.FeatureDisabled, 'OAuth server is disabled');
}

/** LoadOAuthServerClient: the path's client, or GoTrue's 400/404. */
async function clientOf(c: AuthContext, r: AuthRequest): Promise<OAuthClientRow> {
  requireEnabled(c);
  const id = r.params.clientId ?? '';
  if (!isUuid(id)) throw invalid('invalid client_id format');
  const row = await c.store.oauthClients.byId(id);
  if (!row) throw notFound(ErrorCode.OAuthClientNotFound, 'OAuth client not found');
  return row;
}

/** The fields registration and update share, each checked as GoTrue checks it (redirect_uris by the caller). */
function clientFields(body: Json) {
  const fields = {
    redirectUris: stringList(body, 'redirect_uris'),
    grantTypes: stringList(body, 'grant_types'),
    clientName: optText(body, 'client_name'),
    clientUri: optText(body, 'client_uri'),
    logoUri: optText(body, 'logo_uri'),
    method: optText(body, 'token_endpoint_auth_method'),
  };
  // An empty list: registration takes the defaults, an update refuses it (below).
  if (fields.grantTypes?.length) checkGrantTypes(fields.grantTypes);
  checkName(fields.clientName);
  checkUri('client_uri', fields.clientUri);
  checkUri('logo_uri', fields.logoUri);
  return fields;
}

export async function register(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  requireEnabled(c);
  return registerClient(c, await r.body(), 'manual');
}

/**
 * A new client from `body` as GoTrue's registerOAuthServerClient makes it (by an admin: manual; by anyone through
 * POST /oauth/clients/register: dynamic), answered 201 with its secret shown this once.
 */
export async function registerClient(
  c: AuthContext,
  body: Json,
  registrationType: OAuthClientRow['registration_type'],
): Promise<Response> {
  const clientType = optText(body, 'client_type');
  const { redirectUris = [], grantTypes, clientName, clientUri, logoUri, method } = clientFields(body);
  checkRedirectUris(redirectUris, true);
  if (clientType && clientType !== 'public' && clientType !== 'confidential')
    throw invalid("client_type must be 'public' or 'confidential'");
  checkAuthMethod(method);
  if (clientType && method && typeOf(method) !== clientType) {
    throw invalid(
      `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOf(method)}')`,
    );
  }
  // DetermineClientType: explicit type, else inferred from the method, else confidential.
  const type =
    (clientType as OAuthClientRow['client_type'] | undefined) ?? (method ? typeOf(method) : 'confidential');
  const secret = type === 'confidential' ? newSecret() : null;
  const row = await c.store.oauthClients.insert({
    client_secret_hash: secret?.hash ?? null,
    registration_type: registrationType,
    client_type: type,
    token_endpoint_auth_method: method ?? (type === 'public' ? 'none' : 'client_secret_basic'),
    redirect_uris: redirectUris.join(','),
    grant_types: (grantTypes?.length ? grantTypes : GRANT_TYPES).join(','),
    client_name: clientName ?? null,
    client_uri: clientUri ?? null,
    logo_uri: logoUri ?? null,
  });
  return jsonResponse(clientJson(row, secret?.secret), 201);
}

/** All clients, newest first (GoTrue answers the whole list; page/per_page are not read). */
export async function list(c: AuthContext, _r: AuthRequest, _a: Admin): Promise<Response> {
  requireEnabled(c);
  return jsonResponse({ clients: (await c.store.oauthClients.list()).map((row) => clientJson(row)) });
}

export async function get(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  return jsonResponse(clientJson(await clientOf(c, r)));
}

export async function update(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const row = await clientOf(c, r);
  const body = await r.body();
  const fields = clientFields(body);
  const { redirectUris, grantTypes, clientName, clientUri, logoUri, method } = fields;
  const set: Parameters<typeof c.store.oauthClients.update>[1] = {};
  if (Object.values(fields).every((v) => v === undefined)) throw invalid('No fields provided for update');
  if (redirectUris) checkRedirectUris(redirectUris, false);
  if (grantTypes) checkGrantTypes(grantTypes);
  checkAuthMethod(method);
  if (method !== undefined && typeOf(method) !== row.client_type) {
    const valid = row.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
    throw invalid(
      `token_endpoint_auth_method '${method}' is not valid for client_type '${row.client_type}'; valid methods: [${valid.join(' ')}]`,
    );
  }
  if (redirectUris) set.redirect_uris = redirectUris.join(',');
  if (grantTypes) set.grant_types = grantTypes.join(',');
  if (clientName !== undefined) set.client_name = clientName;
  if (clientUri !== undefined) set.client_uri = clientUri;
  if (logoUri !== undefined) set.logo_uri = logoUri;
  if (method !== undefined) set.token_endpoint_auth_method = method;
  return jsonResponse(clientJson(await c.store.oauthClients.update(row.id, set)));
}

export async function remove(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const row = await clientOf(c, r);
  await c.store.oauthClients.softDelete(row.id);
  return new Response(null, { status: 204 });
}

export async function regenerateSecret(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const row = await clientOf(c, r);
  if (row.client_type !== 'confidential') throw invalid('Cannot regenerate secret for public client');
  const secret = newSecret();
  return jsonResponse(
    clientJson(await c.store.oauthClients.update(row.id, { client_secret_hash: secret.hash }), secret.secret),
  );
}
