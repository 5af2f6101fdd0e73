/** TOTP factors: POST /factors (enrol), /factors/:id/challenge, /factors/:id/verify (aal2), DELETE /factors/:id. */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import type { AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { AuthHttpError, badRequest, forbidden, jsonResponse, notFound, unprocessable } from '../errors.ts';
import { totpQrSvg } from '../qr.ts';
import { optString } from '../request.ts';
import { reissueSession } from '../session.ts';
import { isUuid, type ChallengeRow, type FactorRow, type Json, type Store } from '../store/index.ts';
import { ErrorCode } from '../errorCodes.ts';

/** A challenge must be answered within 5 minutes. */
const CHALLENGE_TTL = 300;

const factorNotFound = () => notFound(ErrorCode.MFAFactorNotFound, 'Factor not found');

/** Factors belong to permanent users only (GoTrue's requireNotAnonymous). */
function requireNotAnonymous(me: SignedIn): void {
  if (me.claims.is_anonymous || me.user.is_anonymous)
    throw forbidden(ErrorCode.NoAuthorization, 'Anonymous user not allowed to perform these actions');
}

async function ownFactor(store: Store, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound(ErrorCode.ValidationFailed, 'factor_id must be an UUID');
  const f = await store.factors.ofUser(factorId, userId);
  if (!f) throw factorNotFound();
  return f;
}

export async function enroll(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireNotAnonymous(me);
  const { user, session } = me;
  const body = await r.body();
  const type = body.factor_type;
  if (type === 'phone')
    throw unprocessable(ErrorCode.MFAPhoneEnrollDisabled, 'MFA enroll is disabled for Phone');
  if (type === 'webauthn' && !c.settings.mfaWebAuthnEnroll)
    throw unprocessable(ErrorCode.MFAWebAuthnEnrollDisabled, 'MFA enroll is disabled for WebAuthn');
  if (type === 'totp' && !c.settings.mfaTotpEnroll)
    throw unprocessable(ErrorCode.MFATOTPEnrollDisabled, 'MFA enroll is disabled for TOTP');
  if (type !== 'totp' && type !== 'webauthn')
    throw badRequest(ErrorCode.ValidationFailed, 'factor_type needs to be totp, phone, or webauthn');
  const friendly = optString(body, 'friendly_name', 255) ?? '';
  const issuer = optString(body, 'issuer', 255) ?? new URL(c.settings.siteUrl).hostname;
  // GoTrue's validateFactors: a cap, aal2 once a factor is verified, unique friendly names.
  const factors = await c.store.factors.byUser(user.id);
  if (factors.length >= c.settings.mfaMaxFactors) {
    throw unprocessable(
      ErrorCode.TooManyEnrolledMFAFactors,
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw unprocessable(ErrorCode.InsufficientAAL, 'AAL2 required to enroll a new factor');
  }
  if (friendly && factors.some((f) => f.friendly_name === friendly)) {
    throw unprocessable(
      ErrorCode.MFAFactorNameConflict,
      `A factor with the friendly name "${friendly}" for this user already exists`,
    );
  }
  if (type === 'webauthn') {
    // An unverified WebAuthn factor; registering a credential on it needs a browser's authenticator (not offered here).
    const factor = await c.store.transaction(async (tx) => {
      const f = await tx.factors.insert(user.id, 'webauthn', friendly, null);
      await tx.audit.log('factor_enrolled', user, { factor_id: f.id, factor_type: 'webauthn' }, r.client);
      return f;
    });
    return jsonResponse({ id: factor.id, type: 'webauthn', friendly_name: friendly });
  }
  const secret = new Secret({ size: 20 });
  const uri = new TOTP({
    issuer,
    label: user.email || user.id,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret,
  }).toString();
  const factor = await c.store.factors.insert(user.id, 'totp', friendly, secret.base32);
  return jsonResponse({
    id: factor.id,
    type: 'totp',
    friendly_name: friendly,
    totp: { qr_code: await totpQrSvg(uri), secret: secret.base32, uri },
  });
}

/** WebAuthn factors are challenged and verified only with `[auth.mfa.web_authn] verify_enabled` (GoTrue's default: off). */
function refuseWebAuthn(c: AuthContext, f: FactorRow): void {
  if (f.factor_type === 'webauthn' && !c.settings.mfaWebAuthnVerify) {
    throw unprocessable(ErrorCode.MFAWebAuthnVerifyDisabled, 'MFA verification is disabled for WebAuthn');
  }
}

export async function challenge(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireNotAnonymous(me);
  await r.body();
  const f = await ownFactor(c.store, me.user.id, r.params.factorId!);
  refuseWebAuthn(c, f);
  const ceremony = f.factor_type === 'webauthn' ? await webauthnOptions(c, me, f) : null;
  const ch = await c.store.transaction((tx) =>
    tx.factors.challenge(f.id, ceremony && { type: ceremony.type, challenge: ceremony.options.challenge }),
  );
  return jsonResponse({
    id: ch.id,
    type: f.factor_type,
    expires_at: Math.floor(new Date(ch.created_at).getTime() / 1000) + CHALLENGE_TTL,
    ...(ceremony
      ? { webauthn: { type: ceremony.type, credential_options: { publicKey: ceremony.options } } }
      : {}),
  });
}

export async function verify(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireNotAnonymous(me);
  const { user, session } = me;
  const body = await r.body();
  const challengeId = optString(body, 'challenge_id', 64);
  const f = await ownFactor(c.store, user.id, r.params.factorId!);
  refuseWebAuthn(c, f);
  const webauthn = f.factor_type === 'webauthn' ? webauthnParams(body) : null;
  const code = webauthn ? undefined : optString(body, 'code', 16);
  if (!challengeId || (!webauthn && !code))
    throw badRequest(ErrorCode.ValidationFailed, 'challenge_id and code are required');
  const ch = await c.store.factors.openChallenge(challengeId, f.id);
  if (!ch)
    throw unprocessable(ErrorCode.MFAFactorNotFound, 'MFA factor with the provided challenge ID not found');
  if (Date.now() - new Date(ch.created_at).getTime() > CHALLENGE_TTL * 1000) {
    await c.store.factors.deleteChallenge(ch.id);
    throw unprocessable(
      ErrorCode.MFAChallengeExpired,
      `MFA challenge ${ch.id} has expired, verify against another challenge or create a new factor.`,
    );
  }
  let credential: Awaited<ReturnType<typeof verifyWebAuthn>> | null = null;
  if (webauthn) credential = await verifyWebAuthn(c, f, ch, webauthn);
  else {
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(String(f.secret)),
    });
    if (!/^\d{6}$/.test(code!) || totp.validate({ token: code!, window: 1 }) === null) {
      throw unprocessable(ErrorCode.MFAVerificationFailed, 'Invalid TOTP code entered');
    }
  }
  const answer = await c.store.transaction(async (tx) => {
    if (!(await tx.factors.takeChallenge(ch.id)))
      throw unprocessable(ErrorCode.MFAFactorNotFound, 'MFA factor with the provided challenge ID not found');
    if (credential) await tx.factors.saveWebAuthnCredential(f.id, credential.credential, credential.aaguid);
    await tx.factors.markVerified(f.id);
    await tx.sessions.stepUp(session.id, 'aal2', f.id);
    await tx.sessions.addAmr(session.id, webauthn ? 'mfa/webauthn' : 'totp');
    // The first verification of a factor ends the user's other sessions that have not passed it (GoTrue).
    if (f.status !== 'verified') await tx.sessions.deleteOtherAal1(user.id, session.id);
    await tx.audit.log('factor_verified', user, { factor_id: f.id }, r.client);
    return reissueSession(c, tx, (await tx.users.byId(user.id))!, session.id);
  });
  return jsonResponse(answer);
}

export async function unenroll(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireNotAnonymous(me);
  const f = await ownFactor(c.store, me.user.id, r.params.factorId!);
  if (f.status === 'verified' && me.session.aal !== 'aal2')
    throw unprocessable(ErrorCode.InsufficientAAL, 'AAL2 required to unenroll verified factor');
  await c.store.transaction(async (tx) => {
    await tx.factors.delete(f.id);
    await tx.sessions.dropFactor(f.id);
    await tx.audit.log('factor_unenrolled', me.user, { factor_id: f.id }, r.client);
  });
  return jsonResponse({ id: f.id });
}

/** GoTrue's VerifyFactorParams.webauthn: the ceremony's kind and the authenticator's answer. */
function webauthnParams(body: Json): { type: 'create' | 'request'; response: Json } {
  const w = body.webauthn;
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw badRequest(ErrorCode.ValidationFailed, 'WebAuthn config required');
  const { type, credential_response: response } = w as Json;
  if (type !== 'create' && type !== 'request')
    throw badRequest(ErrorCode.ValidationFailed, 'WebAuthn type must be create or request');
  if (!response || typeof response !== 'object' || Array.isArray(response))
    throw badRequest(ErrorCode.ValidationFailed, 'credential_response required');
  return { type, response: response as Json };
}

/**
 * A WebAuthn factor's ceremony for a challenge: registration ("create") while the factor is unverified, an assertion
 * with its credential ("request") once verified — for the relying party of `[auth.webauthn]`.
 */
async function webauthnOptions(c: AuthContext, me: SignedIn, f: FactorRow) {
  const w = c.settings.webauthn;
  if (f.status === 'verified' && f.web_authn_credential) {
    const cred = f.web_authn_credential;
    const options = await generateAuthenticationOptions({
      rpID: w.rpId,
      allowCredentials: [{ id: cred.id, transports: cred.transports as never }],
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL * 1000,
    });
    return { type: 'request' as const, options };
  }
  const others = (await c.store.factors.byUser(me.user.id)).flatMap((x) =>
    x.web_authn_credential ? [{ id: x.web_authn_credential.id }] : [],
  );
  const options = await generateRegistrationOptions({
    rpName: w.rpDisplayName,
    rpID: w.rpId,
    userID: new TextEncoder().encode(me.user.id),
    userName: me.user.email || me.user.id,
    attestationType: 'none',
    excludeCredentials: others,
    authenticatorSelection: { userVerification: 'preferred' },
    timeout: CHALLENGE_TTL * 1000,
  });
  return { type: 'create' as const, options };
}

/** Checks the authenticator's answer against the challenge (origin, RP id, challenge, signature, counter). */
async function verifyWebAuthn(
  c: AuthContext,
  f: FactorRow,
  ch: ChallengeRow,
  params: { type: 'create' | 'request'; response: Json },
) {
  const w = c.settings.webauthn;
  const session = ch.web_authn_session_data;
  if (!session || session.type !== params.type)
    throw badRequest(
      ErrorCode.ValidationFailed,
      `WebAuthn type must be ${session?.type ?? 'create'} for this challenge`,
    );
  const failed = () => unprocessable(ErrorCode.MFAVerificationFailed, 'WebAuthn verification failed');
  const expected = {
    expectedChallenge: session.challenge,
    expectedOrigin: w.rpOrigins,
    expectedRPID: w.rpId,
    requireUserVerification: false,
  };
  try {
    if (params.type === 'create') {
      const out = await verifyRegistrationResponse({
        response: params.response as unknown as RegistrationResponseJSON,
        ...expected,
      });
      if (!out.verified || !out.registrationInfo) throw failed();
      const cred = out.registrationInfo.credential;
      return {
        credential: {
          id: cred.id,
          publicKey: Buffer.from(cred.publicKey).toString('base64url'),
          counter: cred.counter,
          transports: cred.transports ?? [],
        },
        aaguid: out.registrationInfo.aaguid,
      };
    }
    const cred = f.web_authn_credential;
    if (!cred) throw failed();
    const out = await verifyAuthenticationResponse({
      response: params.response as unknown as AuthenticationResponseJSON,
      ...expected,
      credential: {
        id: cred.id,
        publicKey: new Uint8Array(Buffer.from(cred.publicKey, 'base64url')),
        counter: cred.counter,
        transports: cred.transports as never,
      },
    });
    if (!out.verified) throw failed();
    return { credential: { ...cred, counter: out.authenticationInfo.newCounter }, aaguid: undefined };
  } catch (e) {
    if (e instanceof AuthHttpError) throw e;
    throw failed();
  }
}
