/**
 * E-mail links and codes: the one-time token (and PKCE flow state) written in the caller's transaction, and the
 * message rendered for it, sent once the transaction has committed.
 */
import type { AuthContext } from './context.ts';
import { randomOtp, randomToken, sha256Hex } from './crypto.ts';
import { AuthHttpError } from './errors.ts';
import type { OutgoingMail } from '../mail/catcher.ts';
import type { Pkce } from './request.ts';
import type { Store, TokenType, UserRow } from './store/index.ts';
import { renderMail, type MailKind } from './templates.ts';
import { ErrorCode } from './errorCodes.ts';

export type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

/** The amr/authentication method a link's flow state records. */
export const AUTH_METHOD_FOR_LINK: Record<LinkType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

export interface LinkToken {
  /** The 6-digit code in the e-mail. */
  otp: string;
  /** What the link carries: sha256(address + code), prefixed `pkce_` in PKCE flows (GoTrue's token hash). */
  linkToken: string;
}

/** A PKCE flow state for an e-mail flow (the code the link leads to is issued when the link is followed). */
export async function createFlowState(
  tx: Store,
  userId: string | null,
  pkce: Pkce,
  providerType: string,
  authenticationMethod: string,
): Promise<string> {
  return tx.flowStates.insert({
    userId,
    challenge: pkce.challenge,
    method: pkce.method,
    providerType,
    authenticationMethod,
    placeholderCodeHash: sha256Hex(randomToken(24)),
  });
}

/** A new one-time token of `type` for the user (replacing the previous one); only its hash is stored. */
export async function createLinkToken(
  tx: Store,
  u: UserRow,
  type: TokenType,
  address: string,
  pkce: boolean,
): Promise<LinkToken> {
  const otp = randomOtp();
  const tokenHash = sha256Hex(address.toLowerCase() + otp);
  const linkToken = pkce ? `pkce_${tokenHash}` : tokenHash;
  const stored = sha256Hex(linkToken);
  await tx.oneTimeTokens.put(u.id, type, stored, address.toLowerCase());
  await tx.users.setTokenMirror(u.id, type, stored);
  return { otp, linkToken };
}

export interface LinkMailInput {
  kind: MailKind;
  to: string;
  user: Pick<UserRow, 'email'>;
  token: LinkToken | { otp: string; linkToken?: undefined };
  linkType?: LinkType;
  redirect?: string;
  newEmail?: string;
}

/** The e-mail for a token: the code, and a link through /verify that lands on `redirect`. */
export function linkMail(c: AuthContext, m: LinkMailInput): OutgoingMail {
  const confirmationUrl =
    m.token.linkToken && m.linkType
      ? `${c.issuer}/verify?${new URLSearchParams({ token: m.token.linkToken, type: m.linkType, redirect_to: m.redirect ?? c.settings.siteUrl }).toString()}`
      : undefined;
  const rendered = renderMail(m.kind, {
    siteName: c.settings.siteName,
    siteUrl: c.settings.siteUrl,
    email: String(m.user.email ?? m.to),
    newEmail: m.newEmail ?? (m.kind === 'email_change' ? m.to : undefined),
    confirmationUrl,
    token: m.token.otp,
  });
  return { to: m.to, ...rendered };
}

/** Sends mails prepared in a committed transaction. */
export async function sendAll(c: AuthContext, mails: OutgoingMail[]): Promise<void> {
  for (const m of mails) {
    try {
      await c.mailer.send(m);
    } catch (e) {
      throw new AuthHttpError(
        500,
        ErrorCode.UnexpectedFailure,
        `Error sending ${m.subject.toLowerCase()} email: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
}
