import type { Sql } from '../../db.ts';
import type { IdentityRow, Json } from './rows.ts';

export class Identities {
  constructor(private readonly sql: Sql) {}

  async byUser(userId: string): Promise<IdentityRow[]> {
    return (
      await this.sql.query<IdentityRow>(
        'select * from auth.identities where user_id = $1 order by created_at, id',
        [userId],
      )
    ).rows;
  }

  async byProviderId(providerId: string, provider: string): Promise<IdentityRow | null> {
    return (
      (
        await this.sql.query<IdentityRow>(
          'select * from auth.identities where provider_id = $1 and provider = $2',
          [providerId, provider],
        )
      ).rows[0] ?? null
    );
  }

  async insert(i: {
    userId: string;
    provider: string;
    providerId: string;
    data: Json;
  }): Promise<IdentityRow> {
    return (
      await this.sql.query<IdentityRow>(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1, $2, $3::jsonb, $4, now(), now(), now()) returning *`,
        [i.providerId, i.userId, JSON.stringify(i.data), i.provider],
      )
    ).rows[0]!;
  }

  /** A sign-in through the identity: its data is refreshed from the provider. */
  async signedIn(id: string, data: Json): Promise<void> {
    await this.sql.query(
      'update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1',
      [id, JSON.stringify(data)],
    );
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.sql.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [userId],
    );
  }

  async setEmail(userId: string, email: string): Promise<void> {
    await this.sql.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [userId, email],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sql.query('delete from auth.identities where id = $1', [id]);
  }

  /** Every identity of the user but `keepId` (an unconfirmed account taken over by a verified identity). */
  async deleteAllBut(userId: string, keepId: string): Promise<void> {
    await this.sql.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, keepId]);
  }

  async deleteByUser(userId: string): Promise<void> {
    await this.sql.query('delete from auth.identities where user_id = $1', [userId]);
  }
}
