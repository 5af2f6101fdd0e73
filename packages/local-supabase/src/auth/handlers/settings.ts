/** Public endpoints: GET /settings, GET /health, GET /.well-known/jwks.json. */
import type { AuthContext, AuthRequest } from '../context.js';
import { jsonResponse } from '../errors.js';

/** The providers GoTrue lists in its settings (false unless configured). */
const KNOWN_PROVIDERS = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'keycloak', 'kakao',
  'linkedin_oidc', 'notion', 'slack_oidc', 'spotify', 'twitch', 'twitter', 'workos', 'zoom',
];

export async function settings(c: AuthContext, _r: AuthRequest): Promise<Response> {
  return jsonResponse({
    external: {
      anonymous_users: false,
      email: true,
      phone: false,
      ...Object.fromEntries(KNOWN_PROVIDERS.map((n) => [n, Object.hasOwn(c.providers, n)])),
      ...Object.fromEntries(Object.keys(c.providers).map((n) => [n, true])),
    },
    disable_signup: c.settings.disableSignup,
    mailer_autoconfirm: c.settings.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export async function health(): Promise<Response> {
  return jsonResponse({ version: 'local', name: 'GoTrue', description: 'Pentland Cloud local Auth (GoTrue-compatible)' });
}

export async function jwks(): Promise<Response> {
  // HS256 keys are symmetric and never published; clients fall back to GET /user (as with hosted legacy secrets).
  return jsonResponse({ keys: [] }, 200, { 'Cache-Control': 'public, max-age=600' });
}
