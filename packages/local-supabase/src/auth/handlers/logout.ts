/** POST /logout?scope=global|local|others. */
import type { AuthContext, AuthRequest, SignedIn } from '../context.ts';
import { API_VERSION, API_VERSION_HEADER, badRequest } from '../errors.ts';
import { ErrorCode } from '../errorCodes.ts';

export async function logout(c: AuthContext, r: AuthRequest, me: SignedIn): Promise<Response> {
  const scope = r.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest(
      ErrorCode.ValidationFailed,
      'Unsupported logout scope, must be one of: global, local, others',
    );
  }
  await c.store.transaction(async (tx) => {
    if (scope === 'global') await tx.sessions.deleteForUser(me.user.id);
    else if (scope === 'local') await tx.sessions.delete(me.session.id);
    else await tx.sessions.deleteForUser(me.user.id, me.session.id);
    await tx.audit.log('logout', me.user, { scope }, r.client);
  });
  return new Response(null, { status: 204, headers: { [API_VERSION_HEADER]: API_VERSION } });
}
