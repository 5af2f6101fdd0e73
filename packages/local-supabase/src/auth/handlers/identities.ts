/** A signed-in user's identities: GET /user/identities/authorize (link another) and DELETE /user/identities/:id. */
import type { AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { jsonResponse, notFound, unprocessable } from '../errors.ts';
import { authorizeUrl } from './oauth.ts';
import { ErrorCode } from '../errorCodes.ts';

/** Linking and unlinking by hand are served only when the project enables them (enable_manual_linking). */
function requireManualLinking(c: AuthContext): void {
  if (!c.settings.manualLinking)
    throw notFound(ErrorCode.ManualLinkingDisabled, 'Manual linking is disabled');
}

export async function linkIdentity(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireManualLinking(c);
  return jsonResponse({ url: await authorizeUrl(c, r, me.user.id) });
}

export async function unlinkIdentity(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  requireManualLinking(c);
  const { user } = me;
  await c.store.transaction(async (tx) => {
    const identities = await tx.identities.byUser(user.id);
    const target = identities.find((i) => i.id === r.params.identityId);
    if (!target) throw notFound(ErrorCode.IdentityNotFound, "Identity doesn't exist");
    if (identities.length <= 1)
      throw unprocessable(
        ErrorCode.SingleIdentityNotDeletable,
        'User must have at least 1 identity after unlinking',
      );
    await tx.identities.delete(target.id);
    await tx.users.syncProviders(user.id, true);
    await tx.audit.log('identity_unlinked', user, { provider: target.provider }, r.client);
  });
  return jsonResponse({});
}
