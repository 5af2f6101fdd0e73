/** POST /signup: a new e-mail + password user (confirmation mail, or a session with autoconfirm). */
import { randomUUID } from 'node:crypto';
import { createAccount } from '../accounts.ts';
import { limit, mailLimit, type AuthContext, type AuthRequest } from '../context.ts';
import { hashPassword } from '../crypto.ts';
import { badRequest, jsonResponse, unprocessable } from '../errors.ts';
import { userJson } from '../json.ts';
import { AUTH_METHOD_FOR_LINK, createFlowState, createLinkToken, linkMail, sendAll } from '../links.ts';
import { checkNewPassword, isPresent, parseEmail, parseMetadata, parsePkce, query } from '../request.ts';
import { issueSession } from '../session.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import type { Json } from '../store/index.ts';
import { ErrorCode } from '../errorCodes.ts';

const alreadyRegistered = () => unprocessable(ErrorCode.UserAlreadyExists, 'User already registered');

/** A user without an address or identity (`is_anonymous`), signed in at once; it can later add an e-mail or link one. */
async function signInAnonymously(c: AuthContext, r: AuthRequest, body: Json): Promise<Response> {
  if (c.settings.disableSignup)
    throw unprocessable(ErrorCode.SignupDisabled, 'Signups not allowed for this instance');
  const data = parseMetadata(body.data);
  const session = await c.store.transaction(async (tx) => {
    const user = await createAccount(tx, {
      email: null,
      passwordHash: null,
      userMetadata: data,
      confirmed: false,
      provider: 'anonymous',
      anonymous: true,
    });
    await tx.audit.log('user_signedup', user, { provider: 'anonymous' }, r.client);
    return issueSession(c, tx, user, 'anonymous', r);
  });
  return jsonResponse(session);
}

export async function signup(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  // supabase-js signInAnonymously() posts a sign-up without an address (GoTrue's /signup route decides the same way).
  if (!isPresent(body, 'email') && !isPresent(body, 'phone')) {
    if (!c.settings.anonymousSignIns)
      throw unprocessable(ErrorCode.AnonymousProviderDisabled, 'Anonymous sign-ins are disabled');
    limit(c, r, 'anonymous');
    return signInAnonymously(c, r, body);
  }
  limit(c, r, 'signUp');
  if (c.settings.disableSignup)
    throw unprocessable(ErrorCode.SignupDisabled, 'Signups not allowed for this instance');
  if (isPresent(body, 'phone') && !isPresent(body, 'email'))
    throw badRequest(ErrorCode.PhoneProviderDisabled, 'Phone signups are disabled');
  const email = parseEmail(body.email, 'To signup, please provide your email');
  if (!isPresent(body, 'password'))
    throw badRequest(ErrorCode.ValidationFailed, 'Signup requires a valid password');
  const password = checkNewPassword(body.password, c.settings.minPasswordLength);
  const data = parseMetadata(body.data);
  const pkce = parsePkce(body);
  const redirect = c.redirectTo(query(r.url, 'redirect_to'));
  // Hashed whether or not the address is registered, so the answer's timing does not tell (outside any transaction:
  // hashing is slow and would hold PGlite's one connection).
  const passwordHash = await hashPassword(password, c.settings.bcryptCost);
  const existing = await c.store.users.byEmail(email);

  if (existing?.email_confirmed_at) {
    if (c.settings.autoconfirm) throw alreadyRegistered();
    // Counted like the mail a new address would get, so a repeat answers 429 alike.
    mailLimit(c, r, 'confirmation', email);
    await c.store.audit.log('user_repeated_signup', existing, { provider: 'email' }, r.client);
    // The answer a new address gets, without the account: sign-up does not reveal registrations.
    const now = new Date().toISOString();
    const id = randomUUID();
    return jsonResponse({
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { sub: id, email, email_verified: false, phone_verified: false, ...(data ?? {}) },
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    });
  }
  if (!c.settings.autoconfirm) mailLimit(c, r, 'confirmation', email);

  const mails: OutgoingMail[] = [];
  const answer = await c.store.transaction(async (tx) => {
    let user = existing;
    if (!user) {
      try {
        user = await createAccount(tx, {
          email,
          passwordHash,
          userMetadata: data,
          confirmed: c.settings.autoconfirm,
          provider: 'email',
        });
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw alreadyRegistered();
        throw e;
      }
      await tx.audit.log(
        c.settings.autoconfirm ? 'user_signedup' : 'user_confirmation_requested',
        user,
        { provider: 'email' },
        r.client,
      );
    }
    // An unconfirmed address that signs up again is not updated (whoever it is has not proven the address): the
    // confirmation goes out once more.
    if (c.settings.autoconfirm) return issueSession(c, tx, user, 'password', r);
    if (pkce) await createFlowState(tx, user.id, pkce, 'email', AUTH_METHOD_FOR_LINK.signup);
    const token = await createLinkToken(tx, user, 'confirmation_token', email, !!pkce);
    mails.push(linkMail(c, { kind: 'confirmation', to: email, user, token, linkType: 'signup', redirect }));
    return userJson(tx, (await tx.users.byId(user.id)) ?? user);
  });
  await sendAll(c, mails);
  return jsonResponse(answer);
}
