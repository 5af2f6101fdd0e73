/** Who a request is: a user's access token with a live session (GoTrue's requireAuthentication), or an admin token. */
import type { Admin, AuthContext, SignedIn } from './context.js';
import { forbidden, unauthorized } from './errors.js';
import { isBanned } from './json.js';
import { bearer } from './tokens.js';

export async function requireUser(c: AuthContext, req: Request): Promise<SignedIn> {
  const token = bearer(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await c.tokens.verifyUserToken(token);
  const user = await c.store.users.byId(claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const session = claims.session_id ? await c.store.sessions.ofUser(claims.session_id, user.id) : null;
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { user, session, claims };
}

export async function requireAdmin(c: AuthContext, req: Request): Promise<Admin> {
  const token = bearer(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await c.tokens.verify(token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
  return { claims };
}
