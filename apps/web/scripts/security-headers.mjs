// The security headers every response of the site carries, in one place: scripts/serve.mjs sends them, the
// prerenderer writes them into routes.json (for serve.mjs) and into dist/_headers (for static hosts that read that
// file), and the README lists them for any other host.
//
// The Content-Security-Policy allows scripts only from the site's own origin. The prerendered pages have no inline
// script: the JSON-LD blocks are `type="application/ld+json"` data blocks, which browsers never execute, so CSP does
// not govern them and they need no hash. The Supabase backend's origin (from VITE_SUPABASE_URL, the URL the app was
// built against) is added where the app reaches it: fetch and WebSocket (REST, Auth, Storage, Functions, Realtime at
// /realtime/v1/websocket) and images and media (Storage public and signed URLs). Editor routes draw blob: and data:
// images. Styles allow 'unsafe-inline': Radix's scroll lock and Select insert <style> elements at run time and the
// prerendered HTML carries style attributes (visually hidden text); a style cannot run script.

/** The backend's HTTP origin and its WebSocket twin ('http://h:1' → ['http://h:1', 'ws://h:1']), or none. */
export function backendOrigins(backendUrl) {
  if (!backendUrl) return [];
  let url;
  try {
    url = new URL(backendUrl);
  } catch {
    throw new Error(`security headers: the backend URL is not a URL: ${backendUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`security headers: the backend URL must be http(s): ${backendUrl}`);
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/** The Content-Security-Policy for a site whose backend is at backendUrl. */
export function contentSecurityPolicy(backendUrl) {
  const [http, ws] = backendOrigins(backendUrl);
  const backend = http ? [http] : [];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...backend],
    'media-src': ["'self'", 'blob:', ...backend],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...backend, ...(ws ? [ws] : [])],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every security header, by name, for a site whose backend is at backendUrl. */
export function securityHeaders(backendUrl) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(backendUrl),
    // For browsers without CSP Level 2's frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The headers as a Netlify / Cloudflare Pages `_headers` file: the same set for every path. */
export function headersFile(headers) {
  return ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ''].join('\n');
}
