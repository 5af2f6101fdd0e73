/**
 * The API gateway's key check, which hosted Supabase makes before a request reaches PostgREST, Auth or Realtime's
 * REST API (its gateway's key-auth): the request must carry one of the project's API keys, in the `apikey` header or
 * else the `apikey` query parameter. The key only opens the gateway; the Authorization bearer, when there is one,
 * still decides the role. Storage, Functions and Realtime's socket check their callers themselves and pass through
 * without a key.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { json } from './http.ts';

/**
 * Auth's routes served without a key, as the gateway routes them apart: the links in mails (`/verify`), OAuth
 * redirects (`/authorize`, `/callback`), key discovery (`/.well-known/…`), the SAML endpoints an identity provider
 * posts to, and the OAuth server's endpoints that third-party clients call (they hold no project key).
 */
const OPEN_AUTH_PATHS = [
  '/verify',
  '/callback',
  '/authorize',
  '/.well-known',
  '/sso/saml/acs',
  '/sso/saml/metadata',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/userinfo',
  '/oauth/clients/register',
];

/**
 * Whether an Auth path needs a key: every one but the open routes (each with what lies below it). `pathname` is the
 * path as Auth will read it, dot segments resolved (`/auth/v1/verify/../user` is `/auth/v1/user`).
 */
export function authPathNeedsKey(pathname: string): boolean {
  return !OPEN_AUTH_PATHS.some((open) => {
    const route = `/auth/v1${open}`;
    return pathname === route || pathname.startsWith(`${route}/`);
  });
}

/** A request target's path as the API behind the gateway reads it: dot segments resolved, as URL parsing does. */
export function resolvedPath(target: string): string {
  const url = new URL('http://gateway');
  url.pathname = target.split('?')[0] ?? '/';
  return url.pathname;
}

function keyOf(req: IncomingMessage): string | null {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  const query = (req.url ?? '').split('?')[1];
  return (query && new URLSearchParams(query).get('apikey')) || null;
}

function isOneOf(key: string, keys: readonly string[]): boolean {
  const given = Buffer.from(key);
  return keys.some((k) => {
    const known = Buffer.from(k);
    return known.length === given.length && timingSafeEqual(known, given);
  });
}

/**
 * The request's URL without its `apikey` query parameter: the gateway keeps the credential from the API behind it
 * (PostgREST would read it as a filter on a column named apikey).
 */
export function withoutQueryKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  // Each parameter as it was sent (PostgREST's filters keep their own encoding); only the key's are left out.
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((p) => !new URLSearchParams(p).has('apikey'));
  return kept.length ? `${url.slice(0, at)}?${kept.join('&')}` : url.slice(0, at);
}

/** The gateway's 401 for a request without one of `keys`, or null to let it through. */
export function apiKeyRefusal(req: IncomingMessage, keys: readonly string[]): Response | null {
  const key = keyOf(req);
  if (!key)
    return json(
      { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
      401,
    );
  if (!isOneOf(key, keys))
    return json(
      { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
      401,
    );
  return null;
}
