import type { AuthSession, AuthUser } from '../types.ts';

const user: AuthUser = {
  id: 'user-ada',
  email: 'ada@pentland.example',
  user_metadata: { full_name: 'Ada Lovelace' },
};
const adminUser: AuthUser = { id: 'user-admin', email: 'admin@pentland.example', user_metadata: {} };
/** Listed (in different case) in `adminEmails`: admin only by the fallback. */
const listedUser: AuthUser = { id: 'user-ops', email: 'Ops@Pentland.example', user_metadata: {} };

const sessionFor = (u: AuthUser): AuthSession => ({
  access_token: `access-${u.id}`,
  refresh_token: `refresh-${u.id}`,
  expires_at: 4102444800,
  user: u,
});

/** Data for stories and tests; never from a network. */
export const fixtures = {
  brand: 'Pentland Cloud',
  user,
  adminUser,
  listedUser,
  session: sessionFor(user),
  adminSession: sessionFor(adminUser),
  sessionFor,
  adminEmails: ['admin@pentland.example', 'ops@pentland.example'] as readonly string[],
  credentials: { email: 'ada@pentland.example', password: 'secret1' },
  serviceError: 'Invalid login credentials',
  providerError: 'Provider is not enabled',
  premiumStatus: { has_premium: true, subscriptions: [{ plan: 'premium', status: 'active' }] },
} as const;
