/**
 * Social sign-in: GET /authorize sends the browser to the provider; the provider sends it back to /callback, where
 * the identity is matched to an account as GoTrue decides (identity exists → its user; a verified address of an
 * existing user → linked to it; otherwise a new user), then the browser lands on redirect_to with a code (PKCE) or
 * tokens in the fragment.
 */
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import { createAccount, removeUnconfirmedIdentities } from '../accounts.ts';
import { mailLimit, type AuthContext, type AuthRequest } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { badRequest, jsonResponse } from '../errors.ts';
import { isBanned } from '../json.ts';
import { createFlowState, createLinkToken, linkMail, sendAll } from '../links.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import { redirect, withFragment, withQuery } from '../redirects.ts';
import { parsePkce, query } from '../request.ts';
import { issueSession, sessionInFragment, type SessionJson } from '../session.ts';
import { CommitThenFail, type IdentityRow, type Json, type Store, type UserRow } from '../store/index.ts';
import { confirmEmail } from '../verification.ts';
import { ErrorCode } from '../errorCodes.ts';

interface OAuthState {
  provider: string;
  redirect_to: string;
  flow_state_id?: string;
  /** Set when a signed-in user links another identity (GET /user/identities/authorize). */
  link_user_id?: string;
}

/** The provider's authorization URL for this request, with a signed state (and a PKCE flow state when asked). */
export async function authorizeUrl(c: AuthContext, r: AuthRequest, linkUserId?: string): Promise<string> {
  const name = (query(r.url, 'provider') ?? '').toLowerCase();
  const p = Object.hasOwn(c.providers, name) ? c.providers[name] : undefined;
  if (!p)
    throw badRequest(
      ErrorCode.ValidationFailed,
      `Unsupported provider: provider ${name || '(none)'} is not enabled`,
    );
  const target = c.redirectTo(query(r.url, 'redirect_to'));
  const challenge = query(r.url, 'code_challenge');
  const method = query(r.url, 'code_challenge_method');
  const pkce =
    challenge || method ? parsePkce({ code_challenge: challenge, code_challenge_method: method }) : null;
  const flowStateId = pkce
    ? await c.store.transaction((tx) => createFlowState(tx, null, pkce, name, 'oauth'))
    : undefined;
  const state: OAuthState = {
    provider: name,
    redirect_to: target,
    ...(flowStateId ? { flow_state_id: flowStateId } : {}),
    ...(linkUserId ? { link_user_id: linkUserId } : {}),
  };
  const stateJwt = await new SignJWT(state as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(c.stateKey);
  const out = new URL(p.authorizeUrl);
  const reserved = new Set([
    'provider',
    'redirect_to',
    'scopes',
    'code_challenge',
    'code_challenge_method',
    'skip_http_redirect',
    'client_id',
    'redirect_uri',
    'response_type',
    'state',
    'scope',
  ]);
  out.searchParams.set('client_id', p.clientId);
  out.searchParams.set('redirect_uri', `${c.issuer}/callback`);
  out.searchParams.set('response_type', 'code');
  out.searchParams.set('scope', [p.scopes, query(r.url, 'scopes')].filter(Boolean).join(' '));
  out.searchParams.set('state', stateJwt);
  // Extra parameters (access_type=offline, prompt=consent, ...) go through to the provider.
  for (const [k, v] of r.url.searchParams) if (!reserved.has(k)) out.searchParams.set(k, v);
  return out.toString();
}

export async function authorize(c: AuthContext, r: AuthRequest): Promise<Response> {
  const location = await authorizeUrl(c, r);
  if (r.url.searchParams.get('skip_http_redirect') === 'true') return jsonResponse({ url: location });
  return redirect(location, 302);
}

/** A failed social sign-in: the callback sends the browser back to redirect_to with it; the id_token grant answers it. */
export class CallbackFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly code?: ErrorCode,
  ) {
    super(description);
  }
}

export interface ProviderProfile {
  providerId: string;
  email: string;
  emailVerified: boolean;
  identityData: Json;
  tokens: { access_token?: string; refresh_token?: string };
}

async function fetchProfile(c: AuthContext, state: OAuthState, code: string): Promise<ProviderProfile> {
  const p = c.providers[state.provider];
  if (!p) throw new CallbackFailure('server_error', 'Provider is not enabled', ErrorCode.ProviderDisabled);
  let tokens: { access_token?: string; refresh_token?: string };
  let info: Json;
  try {
    const tr = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${c.issuer}/callback`,
        client_id: p.clientId,
        client_secret: p.secret,
      }),
    });
    tokens = (await tr.json()) as typeof tokens;
    if (!tr.ok || !tokens.access_token) throw new Error(`token endpoint answered ${tr.status}`);
    const ur = await fetch(p.userinfoUrl, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
    });
    if (!ur.ok) throw new Error(`userinfo endpoint answered ${ur.status}`);
    info = (await ur.json()) as Json;
  } catch (e) {
    throw new CallbackFailure(
      'server_error',
      `Error getting user profile from external provider: ${e instanceof Error ? e.message : String(e)}`,
      ErrorCode.UnexpectedFailure,
    );
  }
  const providerId = String(info.sub ?? info.id ?? '');
  const email = typeof info.email === 'string' ? info.email.toLowerCase() : '';
  if (!providerId || providerId.includes('\u0000'))
    throw new CallbackFailure(
      'server_error',
      'Error getting user profile from external provider',
      ErrorCode.UnexpectedFailure,
    );
  if (!email || email.includes('\u0000'))
    throw new CallbackFailure(
      'server_error',
      'Error getting user email from external provider',
      ErrorCode.ProviderEmailNeedsVerification,
    );
  const emailVerified =
    info.email_verified === undefined ? true : info.email_verified === true || info.email_verified === 'true';
  const name = typeof info.name === 'string' ? info.name : undefined;
  const picture =
    typeof info.picture === 'string'
      ? info.picture
      : ((info.picture as Json | undefined)?.data as Json | undefined)?.url;
  const authorizeUrl = new URL(p.authorizeUrl);
  const identityData: Json = {
    iss: authorizeUrl.origin + authorizeUrl.pathname.replace(/\/[^/]*$/, ''),
    sub: providerId,
    provider_id: providerId,
    email,
    email_verified: emailVerified,
    phone_verified: false,
    ...(name ? { name, full_name: name } : {}),
    ...(typeof picture === 'string' ? { picture, avatar_url: picture } : {}),
  };
  return { providerId, email, emailVerified, identityData, tokens };
}

type Landing = { kind: 'code'; code: string } | { kind: 'session'; session: SessionJson };

export async function callback(c: AuthContext, r: AuthRequest): Promise<Response> {
  const params =
    r.req.method === 'POST'
      ? new URLSearchParams(Object.entries(await r.body()).map(([k, v]) => [k, String(v)]))
      : r.url.searchParams;
  let state: OAuthState;
  try {
    state = (await jwtVerify(params.get('state') ?? '', c.stateKey, { algorithms: ['HS256'] }))
      .payload as unknown as OAuthState;
  } catch {
    throw badRequest(ErrorCode.BadOAuthState, 'OAuth state parameter is invalid or expired');
  }
  const target = c.redirectTo(state.redirect_to);
  const back = (f: CallbackFailure) => {
    const p: Record<string, string> = {
      error: f.error,
      error_description: f.description,
      ...(f.code ? { error_code: f.code } : {}),
    };
    return redirect(state.flow_state_id ? withQuery(target, p) : withFragment(target, p), 302);
  };
  const mails: OutgoingMail[] = [];
  let landing: Landing;
  try {
    const providerError = params.get('error');
    if (providerError)
      throw new CallbackFailure(
        providerError,
        params.get('error_description') ?? 'The provider refused the sign-in',
      );
    const code = params.get('code');
    if (!code)
      throw new CallbackFailure(
        'invalid_request',
        'No authorization code from the provider',
        ErrorCode.BadOAuthCallback,
      );
    const profile = await fetchProfile(c, state, code);
    if (!profile.emailVerified) mailLimit(c, r, 'confirmation', profile.email);
    landing = await c.store.transaction(async (tx): Promise<Landing> => {
      const user = await settleAccount(
        c,
        tx,
        r,
        { provider: state.provider, linkUserId: state.link_user_id, redirect: target },
        profile,
        mails,
      );
      if (state.flow_state_id) {
        const authCode = randomUUID();
        const issued = await tx.flowStates.issueCode(state.flow_state_id, sha256Hex(authCode), user.id, {
          access: profile.tokens.access_token ?? null,
          refresh: profile.tokens.refresh_token ?? null,
        });
        if (!issued)
          throw new CallbackFailure(
            'invalid_request',
            'Flow state not found or already used',
            ErrorCode.FlowStateNotFound,
          );
        return { kind: 'code', code: authCode };
      }
      const extra = {
        provider_token: profile.tokens.access_token ?? '',
        ...(profile.tokens.refresh_token ? { provider_refresh_token: profile.tokens.refresh_token } : {}),
      };
      return { kind: 'session', session: await issueSession(c, tx, user, 'oauth', r, extra) };
    });
  } catch (e) {
    if (!(e instanceof CallbackFailure)) throw e;
    await sendAll(c, mails);
    return back(e);
  }
  if (landing.kind === 'code') return redirect(withQuery(target, { code: landing.code }), 302);
  const s = landing.session;
  const providerTokens: Record<string, string> = { provider_token: s.provider_token ?? '' };
  if (s.provider_refresh_token) providerTokens.provider_refresh_token = s.provider_refresh_token;
  return redirect(sessionInFragment(target, s, providerTokens), 302);
}

/**
 * The user a provider's identity signs in as (GoTrue's createAccountFromExternalIdentity): matched or created, and
 * when the account was never confirmed, cleared of whatever a stranger attached to it, then confirmed — or, for an
 * unverified address, sent a confirmation (committed) and refused.
 */
export async function settleAccount(
  c: AuthContext,
  tx: Store,
  r: AuthRequest,
  target: { provider: string; linkUserId?: string; redirect: string },
  profile: ProviderProfile,
  mails: OutgoingMail[],
): Promise<UserRow> {
  const state: OAuthState = {
    provider: target.provider,
    redirect_to: target.redirect,
    ...(target.linkUserId ? { link_user_id: target.linkUserId } : {}),
  };
  const { user: matched, identity } = await matchAccount(c, tx, r, state, profile, mails);
  let user = matched;
  if (isBanned(user)) throw new CallbackFailure('access_denied', 'User is banned', ErrorCode.UserBanned);
  if (!user.email_confirmed_at) {
    // A verified identity takes over an unconfirmed account: nothing a stranger attached to it survives.
    await removeUnconfirmedIdentities(tx, user, identity);
    if (profile.emailVerified || c.settings.autoconfirm) {
      user = await confirmEmail(tx, (await tx.users.byId(user.id))!);
      await tx.audit.log('user_signedup', user, { provider: target.provider }, r.client);
    } else {
      const token = await createLinkToken(tx, user, 'confirmation_token', profile.email, false);
      mails.push(
        linkMail(c, {
          kind: 'confirmation',
          to: profile.email,
          user,
          token,
          linkType: 'signup',
          redirect: target.redirect,
        }),
      );
      throw new CommitThenFail(
        new CallbackFailure(
          'access_denied',
          `Unverified email with ${target.provider}. A confirmation email has been sent to your ${target.provider} email`,
          ErrorCode.ProviderEmailNeedsVerification,
        ),
      );
    }
  }
  return user;
}

/** GoTrue's account linking decision, applied: the user the identity signs in to, and the identity. */
async function matchAccount(
  c: AuthContext,
  tx: Store,
  r: AuthRequest,
  state: OAuthState,
  profile: ProviderProfile,
  pending: OutgoingMail[],
): Promise<{ user: UserRow; identity: IdentityRow }> {
  const existing = await tx.identities.byProviderId(profile.providerId, state.provider);
  if (state.link_user_id) {
    // Manual linking: the identity joins the signed-in user, unless it belongs to someone already.
    if (existing) {
      throw new CallbackFailure(
        'server_error',
        existing.user_id === state.link_user_id
          ? 'Identity is already linked'
          : 'Identity is already linked to another user',
        ErrorCode.IdentityAlreadyExists,
      );
    }
    const user = await tx.users.byId(state.link_user_id);
    if (!user) throw new CallbackFailure('server_error', 'User not found', ErrorCode.UserNotFound);
    const identity = await tx.identities.insert({
      userId: user.id,
      provider: state.provider,
      providerId: profile.providerId,
      data: profile.identityData,
    });
    await tx.audit.log('identity_linked', user, { provider: state.provider }, r.client);
    if (!user.email) {
      // A user without an address (anonymous) takes the identity's, and becomes permanent once it is verified.
      if (await tx.users.byEmail(profile.email))
        throw new CallbackFailure(
          'server_error',
          'A user with this email address has already been registered',
          ErrorCode.EmailExists,
        );
      await tx.users.adoptEmail(user.id, profile.email);
      await tx.users.syncProviders(user.id);
      if (!profile.emailVerified) {
        const fresh = (await tx.users.byId(user.id))!;
        const token = await createLinkToken(tx, fresh, 'confirmation_token', profile.email, false);
        pending.push(
          linkMail(c, {
            kind: 'confirmation',
            to: profile.email,
            user: fresh,
            token,
            linkType: 'signup',
            redirect: c.redirectTo(state.redirect_to),
          }),
        );
        throw new CommitThenFail(
          new CallbackFailure(
            'server_error',
            `Unverified email with ${state.provider}. A confirmation email has been sent to your ${state.provider} email`,
            ErrorCode.EmailNotConfirmed,
          ),
        );
      }
      await confirmEmail(tx, (await tx.users.byId(user.id))!);
      await tx.users.makePermanent(user.id);
    } else await tx.users.syncProviders(user.id);
    return { user: (await tx.users.byId(user.id))!, identity };
  }
  if (existing) {
    // The identity signed in before: refresh its data.
    await tx.identities.signedIn(existing.id, profile.identityData);
    await tx.users.mergeUserMetadata(existing.user_id, profile.identityData);
    const user = await tx.users.byId(existing.user_id);
    if (!user) throw new CallbackFailure('server_error', 'User not found', ErrorCode.UserNotFound);
    return { user, identity: { ...existing, identity_data: profile.identityData } };
  }
  const sameAddress = await tx.users.byEmail(profile.email);
  if (sameAddress && profile.emailVerified) {
    // A verified address of an existing user (confirmed or not): the identity is linked to it.
    const identity = await tx.identities.insert({
      userId: sameAddress.id,
      provider: state.provider,
      providerId: profile.providerId,
      data: profile.identityData,
    });
    await tx.users.mergeUserMetadata(sameAddress.id, profile.identityData);
    await tx.users.syncProviders(sameAddress.id);
    await tx.audit.log('identity_linked', sameAddress, { provider: state.provider }, r.client);
    return { user: (await tx.users.byId(sameAddress.id))!, identity };
  }
  if (sameAddress)
    throw new CallbackFailure('server_error', 'Unverified email with provider', ErrorCode.EmailExists);
  if (c.settings.disableSignup)
    throw new CallbackFailure(
      'access_denied',
      'Signups not allowed for this instance',
      ErrorCode.SignupDisabled,
    );
  const user = await createAccount(tx, {
    email: profile.email,
    passwordHash: null,
    userMetadata: profile.identityData,
    confirmed: profile.emailVerified || c.settings.autoconfirm,
    provider: state.provider,
    providerId: profile.providerId,
    identityData: profile.identityData,
  });
  await tx.audit.log('user_signedup', user, { provider: state.provider }, r.client);
  const identity = (await tx.identities.byProviderId(profile.providerId, state.provider))!;
  return { user, identity };
}
