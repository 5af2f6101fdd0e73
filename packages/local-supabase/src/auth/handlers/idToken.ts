/**
 * POST /token?grant_type=id_token (supabase-js signInWithIdToken): an OpenID Connect ID token from a provider the
 * project enables, checked against the provider's published keys, audience and nonce, then signed in to the account it
 * matches as a social sign-in would. Errors are GoTrue's (token_oidc.go).
 */
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { AuthHttpError, badRequest, jsonResponse, OAuthError } from '../errors.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import { sendAll } from '../links.ts';
import { optString } from '../request.ts';
import { issueSession } from '../session.ts';
import type { Json } from '../store/index.ts';
import { requireUser } from '../authn.ts';
import { CallbackFailure, settleAccount, type ProviderProfile } from './oauth.ts';
import { ErrorCode } from '../errorCodes.ts';

const APPLE = 'https://appleid.apple.com';
const FIXED_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://auth.snapchat.com',
};

const invalid = (description: string) => new OAuthError('invalid request', description);

function tokenIssuer(idToken: string, provider: string): string {
  try {
    const iss = decodeJwt(idToken).iss;
    if (typeof iss === 'string') return iss;
  } catch {
    /* not a JWT */
  }
  throw badRequest(
    ErrorCode.ValidationFailed,
    `Unable to detect issuer in ID token for ${provider} provider`,
  );
}

/** Which configured provider the token is for, and the issuer it must come from (GoTrue's getProvider). */
function resolveProvider(
  c: AuthContext,
  idToken: string,
  provider: string,
  issuer: string,
): { name: string; issuer: string } {
  let name: string;
  let expected: string;
  if (provider === 'apple' || issuer === APPLE) {
    name = 'apple';
    expected = tokenIssuer(idToken, 'Apple');
    if (expected !== APPLE)
      throw badRequest(
        ErrorCode.ValidationFailed,
        'Detected ID token issuer is not an Apple ID token issuer',
      );
  } else if (
    provider === 'azure' ||
    issuer.startsWith('https://login.microsoftonline.com/') ||
    issuer.startsWith('https://sts.windows.net/')
  ) {
    name = 'azure';
    expected = tokenIssuer(idToken, 'Azure');
    if (
      !expected.startsWith('https://login.microsoftonline.com/') &&
      !expected.startsWith('https://sts.windows.net/')
    ) {
      throw badRequest(
        ErrorCode.ValidationFailed,
        'Detected ID token issuer is not an Azure ID token issuer',
      );
    }
  } else if (provider === 'keycloak') {
    name = 'keycloak';
    expected = '';
  } else if (provider.startsWith('custom:')) {
    throw badRequest(ErrorCode.ValidationFailed, 'Custom OAuth providers are disabled');
  } else {
    const known = Object.entries(FIXED_ISSUERS).find(([n, iss]) => provider === n || issuer === iss);
    if (!known)
      throw badRequest(ErrorCode.ValidationFailed, `Custom OIDC provider "${provider}" not allowed`);
    [name, expected] = known;
  }
  if ((name === 'apple' || name === 'azure') && issuer && issuer !== expected) {
    throw badRequest(ErrorCode.ValidationFailed, 'Provided issuer does not match ID token issuer');
  }
  if (!Object.hasOwn(c.providers, name))
    throw badRequest(ErrorCode.ProviderDisabled, `Provider (issuer "${expected}") is not enabled`);
  return { name, issuer: expected };
}

/** The provider's signing keys from its discovery document; any failure to reach or use them is a bad token. */
async function verifyAgainstIssuer(idToken: string, issuer: string): Promise<Json> {
  try {
    const discovery = (await (
      await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      })
    ).json()) as {
      jwks_uri?: string;
    };
    if (!discovery.jwks_uri) throw new Error('no jwks_uri');
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5000 });
    return (await jwtVerify(idToken, keys, { issuer })).payload as Json;
  } catch {
    throw invalid('Bad ID token');
  }
}

export async function idTokenGrant(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  const idToken = optString(body, 'id_token', 16_384);
  const provider = optString(body, 'provider', 255) ?? '';
  const clientId = optString(body, 'client_id', 255) ?? '';
  const issuer = optString(body, 'issuer', 2048) ?? '';
  const nonce = optString(body, 'nonce', 1024);
  if (!idToken) throw invalid('id_token required');
  if (!provider && (!clientId || !issuer)) throw invalid('provider or client_id and issuer required');
  let linkUserId: string | undefined;
  if (body.link_identity === true) {
    if (!r.req.headers.get('authorization'))
      throw invalid('Linking requires a valid user access token in Authorization');
    linkUserId = (await requireUser(c, r.req)).user.id;
  }
  const { name, issuer: expected } = resolveProvider(c, idToken, provider, issuer);
  const claims = await verifyAgainstIssuer(idToken, expected);
  if (typeof claims.sub !== 'string' || !claims.sub) throw invalid('Missing sub claim in id_token');
  const audiences = Array.isArray(claims.aud) ? claims.aud.map(String) : [String(claims.aud ?? '')];
  const accepted = c.providers[name]!.clientId;
  if (!accepted || !audiences.includes(accepted))
    throw invalid(`Unacceptable audience in id_token: [${audiences.join(' ')}]`);
  if (name !== 'facebook' && name !== 'apple') {
    const tokenNonce = typeof claims.nonce === 'string' && claims.nonce !== '';
    if (tokenNonce !== !!nonce)
      throw invalid('Passed nonce and nonce in id_token should either both exist or not.');
    if (nonce && claims.nonce !== sha256Hex(nonce)) throw invalid('Nonces mismatch');
  }
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!email) throw badRequest(ErrorCode.ValidationFailed, 'Error getting user email from external provider');
  const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
  const profile: ProviderProfile = {
    providerId: claims.sub,
    email,
    emailVerified,
    identityData: {
      iss: expected,
      sub: claims.sub,
      provider_id: claims.sub,
      email,
      email_verified: emailVerified,
      phone_verified: false,
    },
    tokens: {},
  };
  const mails: OutgoingMail[] = [];
  try {
    const session = await c.store.transaction(async (tx) => {
      const user = await settleAccount(
        c,
        tx,
        r,
        { provider: name, linkUserId, redirect: c.settings.siteUrl },
        profile,
        mails,
      );
      return issueSession(c, tx, user, 'oauth', r);
    });
    return jsonResponse(session);
  } catch (e) {
    if (!(e instanceof CallbackFailure)) throw e;
    await sendAll(c, mails);
    throw new AuthHttpError(
      e.code === ErrorCode.UserBanned ? 403 : 422,
      e.code ?? ErrorCode.UnexpectedFailure,
      e.description,
    );
  }
}
