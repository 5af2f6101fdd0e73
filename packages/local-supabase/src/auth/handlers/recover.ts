/** POST /recover: a password-recovery link (the same answer whether or not the address has an account). */
import { mailLimit, type AuthContext, type AuthRequest } from '../context.ts';
import { jsonResponse } from '../errors.ts';
import { isBanned } from '../json.ts';
import { AUTH_METHOD_FOR_LINK, createFlowState, createLinkToken, linkMail, sendAll } from '../links.ts';
import type { OutgoingMail } from '../../mail/catcher.ts';
import { parseEmail, parsePkce, query } from '../request.ts';

export async function recover(c: AuthContext, r: AuthRequest): Promise<Response> {
  const body = await r.body();
  const email = parseEmail(body.email, 'Password recovery requires an email');
  const pkce = parsePkce(body);
  const redirect = c.redirectTo(query(r.url, 'redirect_to'));
  mailLimit(c, r, 'recovery', email);
  const mails: OutgoingMail[] = [];
  await c.store.transaction(async (tx) => {
    const u = await tx.users.byEmail(email);
    if (!u || isBanned(u)) return;
    if (pkce) await createFlowState(tx, u.id, pkce, 'email', AUTH_METHOD_FOR_LINK.recovery);
    const token = await createLinkToken(tx, u, 'recovery_token', email, !!pkce);
    await tx.audit.log('user_recovery_requested', u, {}, r.client);
    mails.push(linkMail(c, { kind: 'recovery', to: email, user: u, token, linkType: 'recovery', redirect }));
  });
  await sendAll(c, mails);
  return jsonResponse({});
}
