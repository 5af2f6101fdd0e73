/** What a verified e-mail token does to its user (GoTrue's verify effects), inside the caller's transaction. */
import { forbidden, unprocessable } from './errors.ts';
import type { Store, TokenType, UserRow } from './store/index.ts';
import { ErrorCode } from './errorCodes.ts';

/** Confirms the user's address and the e-mail identity's `email_verified`. */
export async function confirmEmail(tx: Store, u: UserRow): Promise<UserRow> {
  if (u.email_confirmed_at) return u;
  await tx.identities.markEmailVerified(u.id);
  return tx.users.confirmEmail(u.id);
}

/** Sent when the first of the two e-mail change links is accepted. */
export const EMAIL_CHANGE_PENDING =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const EMAIL_CHANGE: TokenType[] = ['email_change_token_new', 'email_change_token_current'];

/** With secure e-mail change, the first of the two links only marks the change half confirmed: true then. */
export async function emailChangeStillPending(tx: Store, u: UserRow, type: TokenType): Promise<boolean> {
  if (!EMAIL_CHANGE.includes(type)) return false;
  const other: TokenType =
    type === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
  if (!(await tx.oneTimeTokens.has(u.id, other))) return false;
  await tx.users.markEmailChangeHalfConfirmed(u.id);
  return true;
}

export const emailTaken = () =>
  unprocessable(ErrorCode.EmailExists, 'A user with this email address has already been registered');

/** Completes what the token was for: an e-mail change, or a confirmation (sign-up, invite, magic link, recovery). */
export async function applyVerification(tx: Store, u: UserRow, type: TokenType): Promise<UserRow> {
  if (EMAIL_CHANGE.includes(type)) {
    if (!u.email_change) throw forbidden(ErrorCode.OTPExpired, 'Token has expired or is invalid');
    await tx.oneTimeTokens.deleteTypes(u.id, EMAIL_CHANGE);
    const newEmail = u.email_change.toLowerCase();
    const taken = await tx.users.byEmail(newEmail);
    if (taken && taken.id !== u.id) throw emailTaken();
    const updated = await tx.users.applyEmailChange(u.id, newEmail);
    // The address's identity follows it; a user without one (anonymous, or social only) gets one now (GoTrue).
    const emailIdentity = (await tx.identities.byUser(u.id)).find((i) => i.provider === 'email');
    if (emailIdentity) await tx.identities.setEmail(u.id, newEmail);
    else {
      await tx.identities.insert({
        userId: u.id,
        provider: 'email',
        providerId: u.id,
        data: { sub: u.id, email: newEmail, email_verified: true, phone_verified: false },
      });
      await tx.users.syncProviders(u.id);
    }
    await tx.audit.log('user_modified', updated, { email_change: true });
    return updated;
  }
  const confirmed = await confirmEmail(tx, u);
  if (type === 'confirmation_token' && !u.email_confirmed_at)
    await tx.audit.log('user_signedup', confirmed, { provider: 'email' });
  return confirmed;
}
