/** Creating users with their first identity, and GoTrue's clean-up when a verified identity takes an unconfirmed account. */
import type { Json, Store, UserRow } from './store/index.ts';
import type { IdentityRow } from './store/index.ts';
import { randomUUID } from 'node:crypto';
import { MAX_METADATA, metadataTooLarge } from './request.ts';

export interface NewAccount {
  id?: string;
  email: string | null;
  passwordHash: string | null;
  confirmed: boolean;
  provider: string;
  /** The provider's id for the identity (the user id for e-mail identities). */
  providerId?: string;
  /** Identity data from a social provider (the e-mail identity's is made up here). */
  identityData?: Json;
  userMetadata?: Json;
  appMetadata?: Json;
  role?: string;
  invited?: boolean;
  anonymous?: boolean;
  /**
   * The identity's data joins user_metadata (a sign-up's, as GoTrue's RemoveUnconfirmedIdentities sets it); users an
   * admin creates, invites or generates a link for keep exactly the metadata given.
   */
  metadataFromIdentity?: boolean;
}

/** Inserts a user and (unless anonymous) its identity. */
export async function createAccount(tx: Store, a: NewAccount): Promise<UserRow> {
  const id = a.id ?? randomUUID();
  const email = a.email?.toLowerCase() ?? null;
  const providerId = a.providerId ?? id;
  const identityData: Json = a.identityData ?? {
    sub: id,
    email,
    email_verified: a.confirmed,
    phone_verified: false,
  };
  const userMetadata: Json =
    a.anonymous || a.metadataFromIdentity === false
      ? { ...(a.userMetadata ?? {}) }
      : { ...identityData, ...(a.userMetadata ?? {}) };
  const appMetadata: Json = a.anonymous
    ? { provider: 'anonymous', providers: ['anonymous'], ...(a.appMetadata ?? {}) }
    : { provider: a.provider, providers: [a.provider], ...(a.appMetadata ?? {}) };
  // The whole of it counts (with the identity's fields), as for updates: it goes into every token of the user.
  if ((await tx.users.metadataBytes(userMetadata)) > MAX_METADATA) throw metadataTooLarge();
  const user = await tx.users.insert({
    id,
    email,
    passwordHash: a.passwordHash,
    confirmed: a.confirmed,
    invited: a.invited,
    anonymous: a.anonymous,
    role: a.role,
    userMetadata,
    appMetadata,
  });
  if (!a.anonymous)
    await tx.identities.insert({
      userId: id,
      provider: a.provider,
      providerId,
      data: { ...identityData, sub: identityData.sub ?? providerId },
    });
  return user;
}

/**
 * An unconfirmed account is taken over by `keep`, a verified identity of its address: whatever else was attached to
 * it (a stranger's password and metadata, other identities) goes, so that no one who merely signed the address up
 * first keeps a way in (GoTrue's RemoveUnconfirmedIdentities, against pre-account takeover).
 */
export async function removeUnconfirmedIdentities(tx: Store, u: UserRow, keep: IdentityRow): Promise<void> {
  if (keep.provider !== 'email' && keep.provider !== 'phone') await tx.users.setPassword(u.id, null);
  await tx.users.replaceUserMetadata(u.id, keep.identity_data);
  await tx.identities.deleteAllBut(u.id, keep.id);
  await tx.oneTimeTokens.deleteTypes(u.id, [
    'confirmation_token',
    'recovery_token',
    'reauthentication_token',
    'email_change_token_new',
    'email_change_token_current',
  ]);
  await tx.sessions.deleteForUser(u.id);
  await tx.users.syncProviders(u.id, true);
}
