import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { FlowStateRow } from './rows.ts';

/** PKCE flow state; auth_code holds the SHA-256 of the code handed out. */
export class FlowStates {
  constructor(private readonly sql: Sql) {}

  async insert(f: {
    userId: string | null;
    challenge: string;
    method: string;
    providerType: string;
    authenticationMethod: string;
    placeholderCodeHash: string;
  }): Promise<string> {
    const id = randomUUID();
    await this.sql.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
      [id, f.userId, f.placeholderCodeHash, f.method, f.challenge, f.providerType, f.authenticationMethod],
    );
    return id;
  }

  /** Hands out the code for a flow (once: false when the flow is gone or already has one). */
  async issueCode(
    id: string,
    codeHash: string,
    userId: string,
    providerTokens: { access: string | null; refresh: string | null } = { access: null, refresh: null },
  ): Promise<boolean> {
    const r = await this.sql.query(
      `update auth.flow_state set auth_code = $2, auth_code_issued_at = now(), user_id = $3, updated_at = now(),
         provider_access_token = $4, provider_refresh_token = $5 where id = $1 and auth_code_issued_at is null returning id`,
      [id, codeHash, userId, providerTokens.access, providerTokens.refresh],
    );
    return r.rows.length > 0;
  }

  async latestOpen(userId: string, authenticationMethod: string): Promise<FlowStateRow | null> {
    return (
      (
        await this.sql.query<FlowStateRow>(
          `select * from auth.flow_state where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
           order by created_at desc limit 1`,
          [userId, authenticationMethod],
        )
      ).rows[0] ?? null
    );
  }

  /** Takes (single use) the flow state for an authorization code. */
  async takeByCode(codeHash: string): Promise<FlowStateRow | null> {
    return (
      (
        await this.sql.query<FlowStateRow>(
          'delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null returning *',
          [codeHash],
        )
      ).rows[0] ?? null
    );
  }
}
