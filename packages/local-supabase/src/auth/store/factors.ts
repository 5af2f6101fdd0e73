import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { ChallengeRow, FactorRow } from './rows.ts';
import { isUuid } from './users.ts';

export class Factors {
  constructor(private readonly sql: Sql) {}

  async byUser(userId: string): Promise<FactorRow[]> {
    return (
      await this.sql.query<FactorRow>(
        'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
        [userId],
      )
    ).rows;
  }

  async ofUser(id: string, userId: string): Promise<FactorRow | null> {
    if (!isUuid(id)) return null;
    return (
      (
        await this.sql.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
          id,
          userId,
        ])
      ).rows[0] ?? null
    );
  }

  async hasVerified(userId: string): Promise<boolean> {
    return (
      (
        await this.sql.query(
          `select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`,
          [userId],
        )
      ).rows.length > 0
    );
  }

  async insert(
    userId: string,
    type: 'totp' | 'webauthn',
    friendlyName: string,
    secret: string | null,
  ): Promise<FactorRow> {
    return (
      await this.sql.query<FactorRow>(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, $4, 'unverified', now(), now(), $5) returning *`,
        [randomUUID(), userId, friendlyName, type, secret],
      )
    ).rows[0]!;
  }

  /** Keeps a WebAuthn factor's credential (at its first verification) or its new signature counter. */
  async saveWebAuthnCredential(
    id: string,
    credential: NonNullable<FactorRow['web_authn_credential']>,
    aaguid?: string,
  ): Promise<void> {
    await this.sql.query(
      'update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid), updated_at = now() where id = $1',
      [id, JSON.stringify(credential), aaguid ?? null],
    );
  }

  async markVerified(id: string): Promise<void> {
    await this.sql.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
      [id],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sql.query('delete from auth.mfa_factors where id = $1', [id]);
  }

  /** A new challenge for the factor (its last_challenged_at moves with it). */
  async challenge(
    factorId: string,
    webauthn: ChallengeRow['web_authn_session_data'] = null,
  ): Promise<ChallengeRow> {
    const row = (
      await this.sql.query<ChallengeRow>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, web_authn_session_data) values ($1, $2, now(), $3::jsonb)
         returning id, factor_id, created_at, verified_at, web_authn_session_data`,
        [randomUUID(), factorId, webauthn ? JSON.stringify(webauthn) : null],
      )
    ).rows[0]!;
    await this.sql.query(
      'update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1',
      [factorId],
    );
    return row;
  }

  async openChallenge(id: string, factorId: string): Promise<ChallengeRow | null> {
    if (!isUuid(id)) return null;
    return (
      (
        await this.sql.query<ChallengeRow>(
          'select id, factor_id, created_at, verified_at, web_authn_session_data from auth.mfa_challenges where id = $1 and factor_id = $2 and verified_at is null',
          [id, factorId],
        )
      ).rows[0] ?? null
    );
  }

  /** Spends a challenge; false when another request spent it first. */
  async takeChallenge(id: string): Promise<boolean> {
    return (
      (
        await this.sql.query(
          'delete from auth.mfa_challenges where id = $1 and verified_at is null returning id',
          [id],
        )
      ).rows.length > 0
    );
  }

  async deleteChallenge(id: string): Promise<void> {
    await this.sql.query('delete from auth.mfa_challenges where id = $1', [id]);
  }
}
