import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { OAuthConsentRow } from './rows.ts';

/** What users granted the OAuth 2.1 server's clients (GoTrue's oauth_consents: one row per user and client). */
export class OAuthConsents {
  constructor(private readonly sql: Sql) {}

  async active(userId: string, clientId: string): Promise<OAuthConsentRow | null> {
    return (
      (
        await this.sql.query<OAuthConsentRow>(
          'select * from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null',
          [userId, clientId],
        )
      ).rows[0] ?? null
    );
  }

  /** The user's active grants, newest first, with their clients (deleted clients left out, as GoTrue skips them). */
  async activeOfUser(
    userId: string,
  ): Promise<
    (OAuthConsentRow & { client_name: string | null; client_uri: string | null; logo_uri: string | null })[]
  > {
    return (
      await this.sql.query<
        OAuthConsentRow & { client_name: string | null; client_uri: string | null; logo_uri: string | null }
      >(
        `select c.*, k.client_name, k.client_uri, k.logo_uri
         from auth.oauth_consents c join auth.oauth_clients k on k.id = c.client_id and k.deleted_at is null
         where c.user_id = $1 and c.revoked_at is null order by c.granted_at desc`,
        [userId],
      )
    ).rows;
  }

  /** Records (or renews, un-revoking) the user's consent to the client for these scopes. */
  async upsert(userId: string, clientId: string, scopes: string): Promise<void> {
    await this.sql.query(
      `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at) values ($1, $2, $3, $4, now())
       on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
      [randomUUID(), userId, clientId, scopes],
    );
  }

  async revoke(id: string): Promise<void> {
    await this.sql.query(
      'update auth.oauth_consents set revoked_at = now() where id = $1 and revoked_at is null',
      [id],
    );
  }
}
