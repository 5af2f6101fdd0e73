import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { PasskeyRow, WebAuthnChallengeRow } from './rows.ts';
import { isUuid } from './users.ts';

/** Passkeys (GoTrue's webauthn_credentials) and the challenges of their ceremonies (webauthn_challenges). */
export class Passkeys {
  constructor(private readonly sql: Sql) {}

  async ofUser(userId: string): Promise<PasskeyRow[]> {
    return (
      await this.sql.query<PasskeyRow>(
        'select * from auth.webauthn_credentials where user_id = $1 order by created_at, id',
        [userId],
      )
    ).rows;
  }

  async count(userId: string): Promise<number> {
    return (
      await this.sql.query<{ n: number }>(
        'select count(*)::int as n from auth.webauthn_credentials where user_id = $1',
        [userId],
      )
    ).rows[0]!.n;
  }

  async byIdOfUser(id: string, userId: string): Promise<PasskeyRow | null> {
    if (!isUuid(id)) return null;
    return (
      (
        await this.sql.query<PasskeyRow>(
          'select * from auth.webauthn_credentials where id = $1 and user_id = $2',
          [id, userId],
        )
      ).rows[0] ?? null
    );
  }

  async byCredentialId(credentialId: Uint8Array): Promise<PasskeyRow | null> {
    return (
      (
        await this.sql.query<PasskeyRow>('select * from auth.webauthn_credentials where credential_id = $1', [
          credentialId,
        ])
      ).rows[0] ?? null
    );
  }

  /** Inserts a passkey; null when its credential id is already registered (unique). */
  async insert(
    p: Pick<
      PasskeyRow,
      | 'user_id'
      | 'credential_id'
      | 'public_key'
      | 'attestation_type'
      | 'aaguid'
      | 'transports'
      | 'backup_eligible'
      | 'backed_up'
      | 'friendly_name'
    > & { sign_count: number },
  ): Promise<PasskeyRow | null> {
    return (
      (
        await this.sql.query<PasskeyRow>(
          `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports,
           backup_eligible, backed_up, friendly_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11) on conflict (credential_id) do nothing returning *`,
          [
            randomUUID(),
            p.user_id,
            p.credential_id,
            p.public_key,
            p.attestation_type,
            p.aaguid,
            p.sign_count,
            JSON.stringify(p.transports),
            p.backup_eligible,
            p.backed_up,
            p.friendly_name,
          ],
        )
      ).rows[0] ?? null
    );
  }

  async rename(id: string, friendlyName: string): Promise<PasskeyRow> {
    return (
      await this.sql.query<PasskeyRow>(
        'update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1 returning *',
        [id, friendlyName],
      )
    ).rows[0]!;
  }

  async used(id: string, signCount: number): Promise<void> {
    await this.sql.query(
      'update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1',
      [id, signCount],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sql.query('delete from auth.webauthn_credentials where id = $1', [id]);
  }

  async createChallenge(
    userId: string | null,
    type: WebAuthnChallengeRow['challenge_type'],
    challenge: string,
    expiresInSeconds: number,
  ): Promise<WebAuthnChallengeRow> {
    await this.sql.query('delete from auth.webauthn_challenges where expires_at < now()');
    return (
      await this.sql.query<WebAuthnChallengeRow>(
        `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
         values ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5)) returning *`,
        [randomUUID(), userId, type, JSON.stringify({ challenge }), expiresInSeconds],
      )
    ).rows[0]!;
  }

  /** Takes a challenge of the type (and user, when given) once: a second use finds nothing (GoTrue's ConsumeWebAuthnChallengeByID). */
  async consumeChallenge(
    id: string,
    type: WebAuthnChallengeRow['challenge_type'],
    userId: string | null,
  ): Promise<WebAuthnChallengeRow | null> {
    if (!isUuid(id)) return null;
    return (
      (
        await this.sql.query<WebAuthnChallengeRow>(
          `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and ($3::uuid is null or user_id = $3::uuid) returning *`,
          [id, type, userId],
        )
      ).rows[0] ?? null
    );
  }
}
