/** Where Auth may send a browser: the site's origin or an allow-listed URL (globs), and the redirect answers. */
import { API_VERSION, API_VERSION_HEADER } from './errors.ts';
import type { AuthSettings } from './settings.ts';

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/.]*';
    } else if (ch === '?') re += '[^/.]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function redirectAllowed(
  settings: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>,
  raw: string,
): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const site = new URL(settings.siteUrl);
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === site.origin) return true;
  const bare = raw.split('#')[0]!;
  // Globs are matched against the parsed URL without user info, query or fragment, so that a host wildcard
  // ('https://*.example.com/**') cannot be satisfied by 'https://evil?.example.com/' (host evil) or user info.
  const normalized = `${url.protocol}//${url.host}${url.pathname}`;
  for (const pattern of settings.additionalRedirectUrls) {
    if (!pattern) continue;
    if (pattern.includes('*') || pattern.includes('?')) {
      if (!url.username && !url.password && globToRegExp(pattern).test(normalized)) return true;
    } else {
      const p = pattern.replace(/\/+$/, '');
      const noQuery = bare.split('?')[0]!.replace(/\/+$/, '');
      if (noQuery === p) return true;
    }
  }
  return false;
}

/** redirect_to if allowed, else the site URL (as GoTrue does). */
export function redirectTarget(
  settings: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>,
  raw: string | null | undefined,
): string {
  if (raw && raw.length <= 2048 && !raw.includes('\u0000') && redirectAllowed(settings, raw)) return raw;
  return settings.siteUrl;
}

export function withQuery(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export function withFragment(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  u.hash = new URLSearchParams(params).toString();
  return u.toString();
}

export function redirect(location: string, status = 303): Response {
  return new Response(null, { status, headers: { Location: location, [API_VERSION_HEADER]: API_VERSION } });
}
