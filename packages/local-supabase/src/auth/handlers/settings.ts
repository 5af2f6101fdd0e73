/** Public endpoints: GET /settings, GET /health, GET /.well-known/jwks.json. */
import type { AuthContext, AuthRequest } from '../context.ts';
import { jsonResponse, notFound } from '../errors.ts';
import { ErrorCode } from '../errorCodes.ts';

/** The providers GoTrue lists in its settings (false unless configured). */
const KNOWN_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
];

export async function settings(c: AuthContext, _r: AuthRequest): Promise<Response> {
  return jsonResponse({
    external: {
      anonymous_users: c.settings.anonymousSignIns,
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

export async function samlDisabled(): Promise<Response> {
  throw notFound(ErrorCode.SAMLProviderDisabled, 'SAML 2.0 is disabled');
}

export async function health(): Promise<Response> {
  return jsonResponse({
    version: 'local',
    name: 'GoTrue',
    description: 'Pentland Cloud local Auth (GoTrue-compatible)',
  });
}

/**
 * The public halves of the asymmetric signing keys, so clients (supabase-js getClaims) verify access tokens
 * themselves. The HS256 secret is never published: with it alone the set is empty and clients ask GET /user.
 */
export async function jwks(c: AuthContext): Promise<Response> {
  return jsonResponse({ keys: c.tokens.jwks() }, 200, { 'Cache-Control': 'public, max-age=600' });
}
