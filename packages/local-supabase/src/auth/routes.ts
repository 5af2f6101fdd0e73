/**
 * Every /auth/v1 route once: method, path, rate limit, required authentication and handler (as GoTrue's api.go
 * declares its router). `limit` names one of the configured limits, counted per client address.
 */
import type { Admin, AuthContext, AuthRequest, LimitName, SignedIn } from './context.ts';
import * as admin from './handlers/admin.ts';
import { linkIdentity, unlinkIdentity } from './handlers/identities.ts';
import { logout } from './handlers/logout.ts';
import * as mfa from './handlers/mfa.ts';
import { authorize, callback } from './handlers/oauth.ts';
import * as oauthClients from './handlers/oauthClients.ts';
import { requireEnabled as requireOAuthServer } from './handlers/oauthClients.ts';
import * as oauthServer from './handlers/oauthServer.ts';
import { oauthToken, userinfo } from './handlers/oauthToken.ts';
import * as passkeys from './handlers/passkeys.ts';
import { otp, resend } from './handlers/otp.ts';
import { recover } from './handlers/recover.ts';
import { health, jwks, samlDisabled, settings } from './handlers/settings.ts';
import { signup } from './handlers/signup.ts';
import { token, tokenLimit } from './handlers/token.ts';
import { getUser, reauthenticate, updateUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteBase {
  method: Method;
  /** `/factors/:factorId/verify`: `:name` matches one path segment, percent-decoded into `params.name`. */
  path: string;
  limit?: LimitName | ((r: AuthRequest) => LimitName);
  /** Checked before authentication: throws GoTrue's answer when the route's feature is off (e.g. the OAuth server). */
  feature?: (c: AuthContext) => void;
}

/** `none`: anyone with the apikey; `user`: a user's access token with a live session; `admin`: a service_role token. */
export type Route = RouteBase &
  (
    | { auth: 'none'; handler: (c: AuthContext, r: AuthRequest) => Promise<Response> }
    | { auth: 'user'; handler: (c: AuthContext, r: AuthRequest, me: SignedIn) => Promise<Response> }
    | { auth: 'admin'; handler: (c: AuthContext, r: AuthRequest, a: Admin) => Promise<Response> }
  );

export const routes: Route[] = [
  { method: 'GET', path: '/health', auth: 'none', handler: health },
  { method: 'GET', path: '/settings', auth: 'none', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', auth: 'none', handler: jwks },
  { method: 'GET', path: '/.well-known/openid-configuration', auth: 'none', handler: oauthServer.metadata },
  {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    feature: requireOAuthServer,
    auth: 'none',
    handler: oauthServer.metadata,
  },

  // Sign-ups count as 'signUp', anonymous ones as 'anonymous': the handler decides from the body.
  { method: 'POST', path: '/signup', auth: 'none', handler: signup },
  { method: 'POST', path: '/token', limit: tokenLimit, auth: 'none', handler: token },
  { method: 'POST', path: '/recover', limit: 'recover', auth: 'none', handler: recover },
  { method: 'POST', path: '/otp', limit: 'otp', auth: 'none', handler: otp },
  { method: 'POST', path: '/magiclink', limit: 'otp', auth: 'none', handler: otp },
  { method: 'POST', path: '/resend', limit: 'otp', auth: 'none', handler: resend },
  { method: 'POST', path: '/verify', limit: 'verify', auth: 'none', handler: verifyPost },
  { method: 'GET', path: '/verify', limit: 'verify', auth: 'none', handler: verifyGet },

  { method: 'GET', path: '/authorize', limit: 'authorize', auth: 'none', handler: authorize },
  { method: 'GET', path: '/callback', auth: 'none', handler: callback },
  { method: 'POST', path: '/callback', auth: 'none', handler: callback },

  { method: 'GET', path: '/user', auth: 'user', handler: getUser },
  { method: 'PUT', path: '/user', limit: 'userUpdate', auth: 'user', handler: updateUser },
  { method: 'GET', path: '/reauthenticate', auth: 'user', handler: reauthenticate },
  { method: 'POST', path: '/logout', auth: 'user', handler: logout },
  {
    method: 'GET',
    path: '/user/identities/authorize',
    limit: 'authorize',
    auth: 'user',
    handler: linkIdentity,
  },
  { method: 'DELETE', path: '/user/identities/:identityId', auth: 'user', handler: unlinkIdentity },
  // Signed in first, then 404 feature_disabled when the OAuth server is off (GoTrue's order under /user).
  { method: 'GET', path: '/user/oauth/grants', auth: 'user', handler: oauthServer.listGrants },
  { method: 'DELETE', path: '/user/oauth/grants', auth: 'user', handler: oauthServer.revokeGrant },

  { method: 'POST', path: '/factors', auth: 'user', handler: mfa.enroll },
  { method: 'POST', path: '/factors/:factorId/challenge', auth: 'user', handler: mfa.challenge },
  { method: 'POST', path: '/factors/:factorId/verify', limit: 'verify', auth: 'user', handler: mfa.verify },
  { method: 'DELETE', path: '/factors/:factorId', auth: 'user', handler: mfa.unenroll },

  // Passkeys (GoTrue's /passkeys routes; 404 passkey_disabled unless [auth.passkey] enabled).
  {
    method: 'POST',
    path: '/passkeys/registration/options',
    auth: 'user',
    handler: passkeys.registrationOptions,
  },
  {
    method: 'POST',
    path: '/passkeys/registration/verify',
    limit: 'verify',
    auth: 'user',
    handler: passkeys.registrationVerify,
  },
  {
    method: 'POST',
    path: '/passkeys/authentication/options',
    limit: 'signIn',
    auth: 'none',
    handler: passkeys.authenticationOptions,
  },
  {
    method: 'POST',
    path: '/passkeys/authentication/verify',
    limit: 'verify',
    auth: 'none',
    handler: passkeys.authenticationVerify,
  },
  { method: 'GET', path: '/passkeys', auth: 'user', handler: passkeys.list },
  { method: 'PATCH', path: '/passkeys/:passkeyId', auth: 'user', handler: passkeys.rename },
  { method: 'DELETE', path: '/passkeys/:passkeyId', auth: 'user', handler: passkeys.remove },

  // The OAuth 2.1 server (Supabase Auth as a provider for third-party apps): 404 feature_disabled when it is off.
  {
    method: 'POST',
    path: '/oauth/clients/register',
    feature: requireOAuthServer,
    limit: 'oauthClientRegister',
    auth: 'none',
    handler: oauthServer.dynamicRegister,
  },
  { method: 'POST', path: '/oauth/token', feature: requireOAuthServer, auth: 'none', handler: oauthToken },
  { method: 'GET', path: '/oauth/userinfo', feature: requireOAuthServer, auth: 'user', handler: userinfo },
  {
    method: 'GET',
    path: '/oauth/authorize',
    feature: requireOAuthServer,
    auth: 'none',
    handler: oauthServer.authorize,
  },
  {
    method: 'GET',
    path: '/oauth/authorizations/:authorizationId',
    feature: requireOAuthServer,
    auth: 'user',
    handler: oauthServer.authorizationDetails,
  },
  {
    method: 'POST',
    path: '/oauth/authorizations/:authorizationId/consent',
    feature: requireOAuthServer,
    auth: 'user',
    handler: oauthServer.consent,
  },

  // SAML single sign-on is not offered (GoTrue's answer when it is disabled).
  { method: 'POST', path: '/sso', auth: 'none', handler: samlDisabled },
  { method: 'GET', path: '/sso/saml/metadata', auth: 'none', handler: samlDisabled },
  { method: 'POST', path: '/sso/saml/acs', auth: 'none', handler: samlDisabled },

  { method: 'POST', path: '/invite', auth: 'admin', handler: admin.invite },
  { method: 'POST', path: '/admin/generate_link', auth: 'admin', handler: admin.generateLink },
  { method: 'GET', path: '/admin/users', auth: 'admin', handler: admin.listUsers },
  { method: 'POST', path: '/admin/users', auth: 'admin', handler: admin.createUser },
  { method: 'GET', path: '/admin/users/:userId', auth: 'admin', handler: admin.getUserById },
  { method: 'PUT', path: '/admin/users/:userId', auth: 'admin', handler: admin.updateUserById },
  { method: 'DELETE', path: '/admin/users/:userId', auth: 'admin', handler: admin.deleteUser },
  { method: 'GET', path: '/admin/users/:userId/factors', auth: 'admin', handler: admin.listFactors },
  {
    method: 'DELETE',
    path: '/admin/users/:userId/factors/:factorId',
    auth: 'admin',
    handler: admin.deleteFactor,
  },
  { method: 'GET', path: '/admin/users/:userId/passkeys', auth: 'admin', handler: passkeys.adminList },
  {
    method: 'DELETE',
    path: '/admin/users/:userId/passkeys/:passkeyId',
    auth: 'admin',
    handler: passkeys.adminRemove,
  },
  { method: 'POST', path: '/admin/oauth/clients', auth: 'admin', handler: oauthClients.register },
  { method: 'GET', path: '/admin/oauth/clients', auth: 'admin', handler: oauthClients.list },
  { method: 'GET', path: '/admin/oauth/clients/:clientId', auth: 'admin', handler: oauthClients.get },
  { method: 'PUT', path: '/admin/oauth/clients/:clientId', auth: 'admin', handler: oauthClients.update },
  { method: 'DELETE', path: '/admin/oauth/clients/:clientId', auth: 'admin', handler: oauthClients.remove },
  {
    method: 'POST',
    path: '/admin/oauth/clients/:clientId/regenerate_secret',
    auth: 'admin',
    handler: oauthClients.regenerateSecret,
  },
];
