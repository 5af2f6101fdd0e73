/**
 * Passkeys (supabase-js auth.passkey.*, auth.admin.passkey.*) when config.toml `[auth.passkey] enabled` (else 404
 * passkey_disabled): registration and discoverable sign-in ceremonies whose WebAuthn checks are @simplewebauthn/server's,
 * challenges stored once-only, and GoTrue's answers (internal/api/passkey_*.go). The user handle is the user's id.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Admin, AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { AuthHttpError, badRequest, forbidden, jsonResponse, notFound, unprocessable } from '../errors.ts';
import { isBanned } from '../json.ts';
import { optString } from '../request.ts';
import { issueSession } from '../session.ts';
import type { Json, PasskeyRow, UserRow, WebAuthnChallengeRow } from '../store/index.ts';
import { ErrorCode } from '../errorCodes.ts';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const notFoundPasskey = () => notFound(ErrorCode.ValidationFailed, 'Passkey not found');
const challengeGone = () =>
  badRequest(ErrorCode.WebAuthnChallengeNotFound, 'Challenge not found or already used');
const verificationFailed = (what = 'Credential verification failed') =>
  badRequest(ErrorCode.WebAuthnVerificationFailed, what);

function requireEnabled(c: AuthContext): void {
  if (!c.settings.passkeys.enabled)
    throw new AuthHttpError(404, ErrorCode.PasskeyDisabled, 'Passkeys are disabled');
}

/** requirePasskeyManagementAAL: a user with a verified factor manages passkeys from an aal2 session only. */
async function requireManagementAal(c: AuthContext, me: SignedIn): Promise<void> {
  if (me.session.aal !== 'aal2' && (await c.store.factors.hasVerified(me.user.id))) {
    throw forbidden(
      ErrorCode.InsufficientAAL,
      'AAL2 session is required to manage passkeys when MFA is enabled',
    );
  }
}

function listItem(p: PasskeyRow): Json {
  return {
    id: p.id,
    ...(p.friendly_name ? { friendly_name: p.friendly_name } : {}),
    created_at: new Date(p.created_at).toISOString(),
    ...(p.last_used_at ? { last_used_at: new Date(p.last_used_at).toISOString() } : {}),
  };
}

/** The challenge and credential of a verify request (GoTrue's parameter checks, in order). */
async function ceremonyBody(r: AuthRequest): Promise<{ challengeId: string; credential: Json }> {
  const body = await r.body();
  const challengeId = optString(body, 'challenge_id', 64);
  if (!challengeId) throw badRequest(ErrorCode.ValidationFailed, 'challenge_id is required');
  const credential = body.credential;
  if (!credential || typeof credential !== 'object' || Array.isArray(credential))
    throw badRequest(ErrorCode.ValidationFailed, 'credential is required');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(challengeId)) {
    throw badRequest(ErrorCode.ValidationFailed, 'challenge_id must be a valid UUID');
  }
  return { challengeId, credential: credential as Json };
}

function checkChallenge(ch: WebAuthnChallengeRow | null): WebAuthnChallengeRow {
  if (!ch) throw challengeGone();
  if (new Date(ch.expires_at).getTime() < Date.now())
    throw badRequest(ErrorCode.WebAuthnChallengeExpired, 'Challenge has expired');
  return ch;
}

function expiresAt(ch: WebAuthnChallengeRow): number {
  return Math.floor(new Date(ch.expires_at).getTime() / 1000);
}

export async function registrationOptions(c: AuthContext, _r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  await requireManagementAal(c, me);
  const { user } = me;
  const existing = await c.store.passkeys.ofUser(user.id);
  if (existing.length >= c.settings.passkeys.maxPerUser)
    throw unprocessable(ErrorCode.TooManyPasskeys, 'Maximum number of passkeys reached');
  const w = c.settings.webauthn;
  const name = user.email || user.phone || user.id;
  const displayName =
    typeof user.raw_user_meta_data?.name === 'string' && user.raw_user_meta_data.name
      ? user.raw_user_meta_data.name
      : name;
  const options = await generateRegistrationOptions({
    rpName: w.rpDisplayName,
    rpID: w.rpId,
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: displayName,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: b64url(p.credential_id),
      transports: p.transports as never,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: w.challengeExpirySeconds * 1000,
  });
  const ch = await c.store.passkeys.createChallenge(
    user.id,
    'registration',
    options.challenge,
    w.challengeExpirySeconds,
  );
  return jsonResponse({ challenge_id: ch.id, options, expires_at: expiresAt(ch) });
}

export async function registrationVerify(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  await requireManagementAal(c, me);
  const { challengeId, credential } = await ceremonyBody(r);
  const ch = checkChallenge(await c.store.passkeys.consumeChallenge(challengeId, 'registration', me.user.id));
  const w = c.settings.webauthn;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: ch.session_data.challenge,
      expectedOrigin: w.rpOrigins,
      expectedRPID: w.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw verificationFailed();
  }
  if (!verified.verified || !verified.registrationInfo) throw verificationFailed();
  const info = verified.registrationInfo;
  const row = await c.store.transaction(async (tx) => {
    if ((await tx.passkeys.count(me.user.id)) >= c.settings.passkeys.maxPerUser)
      throw unprocessable(ErrorCode.TooManyPasskeys, 'Maximum number of passkeys reached');
    const made = await tx.passkeys.insert({
      user_id: me.user.id,
      credential_id: Buffer.from(info.credential.id, 'base64url'),
      public_key: info.credential.publicKey,
      attestation_type: info.fmt === 'none' ? 'none' : info.fmt,
      aaguid: info.aaguid,
      sign_count: info.credential.counter,
      transports: info.credential.transports ?? [],
      backup_eligible: info.credentialDeviceType === 'multiDevice',
      backed_up: info.credentialBackedUp,
      friendly_name: '',
    });
    if (!made)
      throw unprocessable(ErrorCode.WebAuthnCredentialExists, 'This credential is already registered');
    await tx.audit.log('passkey_created', me.user, { passkey_id: made.id }, r.client);
    return made;
  });
  return jsonResponse({ id: row.id, created_at: new Date(row.created_at).toISOString() });
}

export async function authenticationOptions(c: AuthContext, _r: AuthRequest): Promise<Response> {
  requireEnabled(c);
  const w = c.settings.webauthn;
  // Discoverable sign-in: no user is named, the authenticator offers its passkeys for the relying party.
  const options = await generateAuthenticationOptions({
    rpID: w.rpId,
    allowCredentials: [],
    userVerification: 'preferred',
    timeout: w.challengeExpirySeconds * 1000,
  });
  const ch = await c.store.passkeys.createChallenge(
    null,
    'authentication',
    options.challenge,
    w.challengeExpirySeconds,
  );
  return jsonResponse({ challenge_id: ch.id, options, expires_at: expiresAt(ch) });
}

export async function authenticationVerify(c: AuthContext, r: AuthRequest): Promise<Response> {
  requireEnabled(c);
  const { challengeId, credential } = await ceremonyBody(r);
  const ch = checkChallenge(await c.store.passkeys.consumeChallenge(challengeId, 'authentication', null));
  const response = credential as unknown as AuthenticationResponseJSON;
  if (typeof response.id !== 'string' || !response.response || typeof response.response !== 'object')
    throw verificationFailed('Invalid credential response');
  const passkey = await c.store.passkeys.byCredentialId(Buffer.from(response.id, 'base64url'));
  const userHandle =
    typeof response.response.userHandle === 'string'
      ? Buffer.from(response.response.userHandle, 'base64url').toString()
      : '';
  // The passkey must exist and belong to the user the authenticator names.
  if (!passkey || (userHandle && userHandle !== passkey.user_id)) throw verificationFailed();
  const w = c.settings.webauthn;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ch.session_data.challenge,
      expectedOrigin: w.rpOrigins,
      expectedRPID: w.rpId,
      credential: {
        id: b64url(passkey.credential_id),
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
  } catch {
    throw verificationFailed();
  }
  if (!verified.verified) throw verificationFailed();
  const user = (await c.store.users.byId(passkey.user_id)) as UserRow;
  if (user.email && !user.email_confirmed_at)
    throw forbidden(ErrorCode.EmailNotConfirmed, 'Email not confirmed');
  if (isBanned(user)) throw forbidden(ErrorCode.UserBanned, 'User is banned');
  const session = await c.store.transaction(async (tx) => {
    await tx.passkeys.used(passkey.id, verified.authenticationInfo.newCounter);
    await tx.audit.log('login', user, { passkey_id: passkey.id }, r.client);
    return issueSession(c, tx, user, 'passkey', r);
  });
  return jsonResponse(session);
}

export async function list(c: AuthContext, _r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  return jsonResponse((await c.store.passkeys.ofUser(me.user.id)).map(listItem));
}

export async function rename(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  const body = await r.body();
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
  if (!friendlyName) throw badRequest(ErrorCode.ValidationFailed, 'friendly_name is required');
  if (friendlyName.length > 120)
    throw badRequest(ErrorCode.ValidationFailed, 'friendly_name must be 120 characters or less');
  const passkey = await c.store.passkeys.byIdOfUser(r.params.passkeyId ?? '', me.user.id);
  if (!passkey) throw notFoundPasskey();
  const renamed = await c.store.transaction(async (tx) => {
    const out = await tx.passkeys.rename(passkey.id, friendlyName);
    await tx.audit.log('passkey_updated', me.user, { passkey_id: passkey.id }, r.client);
    return out;
  });
  return jsonResponse(listItem(renamed));
}

export async function remove(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireEnabled(c);
  await requireManagementAal(c, me);
  const passkey = await c.store.passkeys.byIdOfUser(r.params.passkeyId ?? '', me.user.id);
  if (!passkey) throw notFoundPasskey();
  await c.store.transaction(async (tx) => {
    await tx.passkeys.delete(passkey.id);
    await tx.audit.log('passkey_deleted', me.user, { passkey_id: passkey.id }, r.client);
  });
  return new Response(null, { status: 204 });
}

async function adminUser(c: AuthContext, r: AuthRequest): Promise<UserRow> {
  requireEnabled(c);
  const id = r.params.userId ?? '';
  const user = /^[0-9a-f-]{36}$/i.test(id) ? await c.store.users.byId(id) : null;
  if (!user) throw notFound(ErrorCode.UserNotFound, 'User not found');
  return user;
}

export async function adminList(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const user = await adminUser(c, r);
  return jsonResponse((await c.store.passkeys.ofUser(user.id)).map(listItem));
}

export async function adminRemove(c: AuthContext, r: AuthRequest, _a: Admin): Promise<Response> {
  const user = await adminUser(c, r);
  const passkey = await c.store.passkeys.byIdOfUser(r.params.passkeyId ?? '', user.id);
  if (!passkey) throw notFoundPasskey();
  await c.store.transaction(async (tx) => {
    await tx.passkeys.delete(passkey.id);
    await tx.audit.log('passkey_deleted', user, { passkey_id: passkey.id, admin: true }, r.client);
  });
  return new Response(null, { status: 204 });
}
