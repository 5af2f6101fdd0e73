/** POST /otp (and /magiclink): a code and magic link, signing a new address up unless told not to; POST /resend. */
import { createAccount } from '../accounts.ts';
import { mailLimit, type AuthContext, type AuthRequest } from '../context.ts';
import { badRequest, jsonResponse, unprocessable } from '../errors.ts';
import { isBanned } from '../json.ts';
import { AUTH_METHOD_FOR_LINK, createFlowState, createLinkToken, linkMail, sendAll } from '../links.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import { isPresent, parseEmail, parseMetadata, parsePkce, query } from '../request.ts';
import { ErrorCode } from '../errorCodes.ts';

export async function otp(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  if (isPresent(body, 'phone') && !isPresent(body, 'email'))
    throw badRequest(ErrorCode.PhoneProviderDisabled, 'Unsupported phone provider');
  const email = parseEmail(body.email, 'An email address is required');
  const data = parseMetadata(body.data);
  const createUser = body.create_user === undefined ? true : body.create_user === true;
  const pkce = parsePkce(body);
  const redirect = c.redirectTo(query(r.url, 'redirect_to'));
  const known = await c.store.users.byEmail(email);
  if (!known) {
    if (!createUser) throw unprocessable(ErrorCode.OTPDisabled, 'Signups not allowed for otp');
    if (c.settings.disableSignup)
      throw unprocessable(ErrorCode.SignupDisabled, 'Signups not allowed for this instance');
  }
  mailLimit(c, r, 'otp', email);
  const mails: OutgoingMail[] = [];
  await c.store.transaction(async (tx) => {
    let u = known ?? (await tx.users.byEmail(email));
    if (!u) {
      u = await createAccount(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        confirmed: false,
        provider: 'email',
      });
      await tx.audit.log('user_signedup', u, { provider: 'email', otp: true }, r.client);
    }
    if (isBanned(u)) return;
    const confirming = !u.email_confirmed_at;
    const linkType = confirming ? 'signup' : 'magiclink';
    if (pkce) await createFlowState(tx, u.id, pkce, 'email', AUTH_METHOD_FOR_LINK[linkType]);
    const token = await createLinkToken(
      tx,
      u,
      confirming ? 'confirmation_token' : 'recovery_token',
      email,
      !!pkce,
    );
    mails.push(
      linkMail(c, {
        kind: confirming ? 'confirmation' : 'magic_link',
        to: email,
        user: u,
        token,
        linkType,
        redirect,
      }),
    );
  });
  await sendAll(c, mails);
  return jsonResponse({});
}

export async function resend(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change') {
    if (type === 'sms' || type === 'phone_change')
      throw badRequest(ErrorCode.PhoneProviderDisabled, 'Unsupported phone provider');
    throw badRequest(
      ErrorCode.ValidationFailed,
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  const email = parseEmail(body.email, 'Type provided requires an email address');
  const pkce = parsePkce(body);
  const redirect = c.redirectTo(query(r.url, 'redirect_to'));
  mailLimit(c, r, type === 'signup' ? 'confirmation' : 'email_change', email);
  const mails: OutgoingMail[] = [];
  await c.store.transaction(async (tx) => {
    if (type === 'signup') {
      const u = await tx.users.byEmail(email);
      if (!u || u.email_confirmed_at) return;
      if (pkce) await createFlowState(tx, u.id, pkce, 'email', AUTH_METHOD_FOR_LINK.signup);
      const token = await createLinkToken(tx, u, 'confirmation_token', email, !!pkce);
      mails.push(
        linkMail(c, { kind: 'confirmation', to: email, user: u, token, linkType: 'signup', redirect }),
      );
      return;
    }
    const u = await tx.users.withPendingChangeTo(email);
    if (!u?.email_change) return;
    if (pkce) await createFlowState(tx, u.id, pkce, 'email', AUTH_METHOD_FOR_LINK.email_change);
    const token = await createLinkToken(tx, u, 'email_change_token_new', u.email_change, !!pkce);
    mails.push(
      linkMail(c, {
        kind: 'email_change',
        to: u.email_change,
        user: u,
        token,
        linkType: 'email_change',
        redirect,
      }),
    );
  });
  await sendAll(c, mails);
  return jsonResponse({});
}
