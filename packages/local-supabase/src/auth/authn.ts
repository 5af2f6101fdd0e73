/** Who a request is: a user's access token with a live session (GoTrue's requireAuthentication), or an admin token. */
import type { Admin, AuthContext, SignedIn } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { isBanned } from './json.ts';
import { bearer } from './tokens.ts';
import { ErrorCode } from './errorCodes.ts';

export async function requireUser(c: AuthContext, req: Request): Promise<SignedIn> {
  const token = bearer(req);
  if (!token) throw unauthorized(ErrorCode.NoAuthorization, 'This endpoint requires a valid Bearer token');
  const claims = await c.tokens.verifyUserToken(token);
  const user = await c.store.users.byId(claims.sub);
  if (!user) throw forbidden(ErrorCode.UserNotFound, 'User from sub claim in JWT does not exist');
  const session = claims.session_id ? await c.store.sessions.ofUser(claims.session_id, user.id) : null;
  if (!session)
    throw forbidden(ErrorCode.SessionNotFound, 'Session from session_id claim in JWT does not exist');
  if (isBanned(user)) throw forbidden(ErrorCode.UserBanned, 'User is banned');
  return { user, session, claims };
}

export async function requireAdmin(c: AuthContext, req: Request): Promise<Admin> {
  const token = bearer(req);
  if (!token) throw unauthorized(ErrorCode.NoAuthorization, 'This endpoint requires a valid Bearer token');
  const claims = await c.tokens.verify(token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin')
    throw forbidden(ErrorCode.NotAdmin, 'User not allowed');
  return { claims };
}
