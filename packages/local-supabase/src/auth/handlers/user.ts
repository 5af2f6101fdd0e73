/** GET /user, PUT /user (metadata, password, e-mail change) and GET /reauthenticate. */
import { AuthHttpError, badRequest, jsonResponse, unprocessable } from '../errors.ts';
import { mailLimit, type AuthContext, type AuthRequest, type SignedIn } from '../context.ts';
import { checkPassword, hashPassword, sha256Hex } from '../crypto.ts';
import { userJson } from '../json.ts';
import { AUTH_METHOD_FOR_LINK, createFlowState, createLinkToken, linkMail, sendAll } from '../links.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import {
  checkNewPassword,
  isPresent,
  MAX_METADATA,
  metadataTooLarge,
  optString,
  parseEmail,
  parseMetadata,
  parsePkce,
  query,
} from '../request.ts';
import { applyVerification, emailTaken } from '../verification.ts';
import { ErrorCode } from '../errorCodes.ts';

export async function getUser(c: AuthContext, _r: AuthRequest, me: SignedIn): Promise<Response> {
  return jsonResponse(await userJson(c.store, me.user));
}

export async function updateUser(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  const { user, session } = me;
  const body = await r.body();
  if (isPresent(body, 'phone'))
    throw badRequest(ErrorCode.PhoneProviderDisabled, 'Unsupported phone provider');
  const data = parseMetadata(body.data);
  const password =
    body.password === undefined || body.password === null
      ? undefined
      : checkNewPassword(body.password, c.settings.minPasswordLength);
  const nonce = optString(body, 'nonce', 64);
  const pkce = parsePkce(body);
  let newEmail = isPresent(body, 'email')
    ? parseEmail(body.email, 'An email address is required')
    : undefined;
  if (newEmail === (user.email ?? '').toLowerCase()) newEmail = undefined;

  // A user with a verified second factor changes the password or address only from an aal2 session (GoTrue).
  if (
    (password !== undefined || newEmail) &&
    session.aal !== 'aal2' &&
    (await c.store.factors.hasVerified(user.id))
  ) {
    throw new AuthHttpError(
      401,
      ErrorCode.InsufficientAAL,
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (user.is_anonymous && password !== undefined && password !== '' && !newEmail && !user.email) {
    throw unprocessable(
      ErrorCode.ValidationFailed,
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (newEmail && (await c.store.users.byEmail(newEmail))) throw emailTaken();
  let passwordHash: string | undefined;
  if (password !== undefined) {
    // GoTrue's order: reauthentication for a session over a day old (the nonce itself is checked below, in the
    // transaction that sets the password), then the current password (not in a session from an e-mailed link),
    // then "same password".
    if (c.settings.updatePasswordRequireReauthentication && !nonce) {
      const created = session.created_at ? new Date(session.created_at).getTime() : 0;
      if (Date.now() > created + 24 * 3600 * 1000)
        throw badRequest(ErrorCode.ReauthenticationNeeded, 'Password update requires reauthentication');
    }
    if (
      c.settings.updatePasswordRequireCurrentPassword &&
      user.encrypted_password &&
      !(await isRecoverySession(c, session.id))
    ) {
      const current = typeof body.current_password === 'string' ? body.current_password : '';
      if (!current)
        throw badRequest(
          ErrorCode.CurrentPasswordRequired,
          'Current password required when setting new password.',
        );
      if (current.length > 1024 || !(await checkPassword(current, user.encrypted_password))) {
        throw badRequest(
          ErrorCode.CurrentPasswordMismatch,
          'Current password required when setting new password.',
        );
      }
    }
    if (user.encrypted_password && (await checkPassword(password, user.encrypted_password))) {
      throw unprocessable(ErrorCode.SamePassword, 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password, c.settings.bcryptCost);
  }
  if (newEmail && !(user.is_anonymous && c.settings.autoconfirm)) mailLimit(c, r, 'email_change', newEmail);

  const mails: OutgoingMail[] = [];
  const answer = await c.store.transaction(async (tx) => {
    if (nonce && passwordHash) {
      const h = sha256Hex((user.email ?? '').toLowerCase() + nonce.trim());
      const spent = await tx.oneTimeTokens.consume(
        [sha256Hex(h)],
        ['reauthentication_token'],
        c.settings.otpExpiry,
      );
      if (!spent || spent.user_id !== user.id)
        throw badRequest(ErrorCode.ReauthenticationNotValid, 'Verification code is invalid or has expired');
      await tx.users.setTokenMirror(user.id, 'reauthentication_token', '');
    }
    // The merged metadata is capped too: many small updates must not grow the user's own tokens past header limits.
    if (data && !(await tx.users.mergeUserMetadata(user.id, data, MAX_METADATA))) {
      throw metadataTooLarge();
    }
    if (passwordHash) {
      await tx.users.setPassword(user.id, passwordHash);
      // A new password signs out every other session (as GoTrue does).
      await tx.sessions.deleteForUser(user.id, session.id);
      await tx.audit.log('user_updated_password', user, {}, r.client);
    }
    if (newEmail) {
      await tx.users.setEmailChange(user.id, newEmail);
      // An anonymous user adding an address with autoconfirm is like a sign-up; everyone else confirms a change.
      if (user.is_anonymous && c.settings.autoconfirm) {
        await applyVerification(tx, (await tx.users.byId(user.id))!, 'email_change_token_new');
      } else {
        await tx.oneTimeTokens.deleteTypes(user.id, ['email_change_token_new', 'email_change_token_current']);
        const fresh = (await tx.users.byId(user.id))!;
        const redirect = c.redirectTo(query(r.url, 'redirect_to'));
        // One flow state serves both links.
        if (pkce) await createFlowState(tx, user.id, pkce, 'email', AUTH_METHOD_FOR_LINK.email_change);
        const toNew = await createLinkToken(tx, fresh, 'email_change_token_new', newEmail, !!pkce);
        mails.push(
          linkMail(c, {
            kind: 'email_change',
            to: newEmail,
            user: fresh,
            token: toNew,
            linkType: 'email_change',
            redirect,
            newEmail,
          }),
        );
        if (c.settings.secureEmailChange && fresh.email) {
          // Secure e-mail change: the current address confirms too.
          const toCurrent = await createLinkToken(
            tx,
            fresh,
            'email_change_token_current',
            fresh.email,
            !!pkce,
          );
          mails.push(
            linkMail(c, {
              kind: 'email_change',
              to: fresh.email,
              user: fresh,
              token: toCurrent,
              linkType: 'email_change',
              redirect,
              newEmail,
            }),
          );
        }
      }
    }
    const out = (await tx.users.byId(user.id))!;
    if (data || passwordHash || newEmail) await tx.audit.log('user_modified', out, {}, r.client);
    return userJson(tx, out);
  });
  await sendAll(c, mails);
  return jsonResponse(answer);
}

/** GoTrue's Session.IsRecovery(): the session was signed in by an e-mailed link or code. */
async function isRecoverySession(c: AuthContext, sessionId: string): Promise<boolean> {
  const claims = await c.store.sessions.amr(sessionId);
  return claims.some((r) => ['otp', 'magiclink', 'recovery'].includes(r.authentication_method));
}

export async function reauthenticate(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  const email = me.user.email;
  if (!email)
    throw unprocessable(
      ErrorCode.ValidationFailed,
      'Reauthentication requires the user to have an email or a phone number',
    );
  mailLimit(c, r, 'reauthentication', email);
  const token = await c.store.transaction((tx) =>
    createLinkToken(tx, me.user, 'reauthentication_token', email, false),
  );
  await sendAll(c, [
    linkMail(c, { kind: 'reauthentication', to: email, user: me.user, token: { otp: token.otp } }),
  ]);
  return jsonResponse({});
}
