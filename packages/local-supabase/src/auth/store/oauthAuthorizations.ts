import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { OAuthAuthorizationRow } from './rows.ts';

export interface NewOAuthAuthorization {
  authorizationId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
  nonce: string | null;
  ttlSeconds: number;
}

/** The OAuth 2.1 server's authorization requests (GoTrue's oauth_authorizations). */
export class OAuthAuthorizations {
  constructor(private readonly sql: Sql) {}

  async insert(a: NewOAuthAuthorization): Promise<OAuthAuthorizationRow> {
    return (
      await this.sql.query<OAuthAuthorizationRow>(
        `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource,
           code_challenge, code_challenge_method, nonce, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now() + make_interval(secs => $11)) returning *`,
        [
          randomUUID(),
          a.authorizationId,
          a.clientId,
          a.redirectUri,
          a.scope,
          a.state,
          a.resource,
          a.codeChallenge,
          a.codeChallengeMethod,
          a.nonce,
          a.ttlSeconds,
        ],
      )
    ).rows[0]!;
  }

  /**
   * The request with this authorization id, locked for the rest of the transaction (FOR UPDATE SKIP LOCKED, as
   * GoTrue: a concurrent caller holding it sees none, so two cannot both approve it).
   */
  async lockByAuthorizationId(authorizationId: string): Promise<OAuthAuthorizationRow | null> {
    return (
      (
        await this.sql.query<OAuthAuthorizationRow>(
          'select * from auth.oauth_authorizations where authorization_id = $1 limit 1 for update skip locked',
          [authorizationId],
        )
      ).rows[0] ?? null
    );
  }

  /** An approved request by the code handed out for it. */
  async approvedByCode(code: string): Promise<OAuthAuthorizationRow | null> {
    return (
      (
        await this.sql.query<OAuthAuthorizationRow>(
          `select * from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'`,
          [code],
        )
      ).rows[0] ?? null
    );
  }

  async setUser(id: string, userId: string): Promise<void> {
    await this.sql.query('update auth.oauth_authorizations set user_id = $2 where id = $1', [id, userId]);
  }

  /** Approves a pending request with a new code; null when it is no longer pending. */
  async approve(id: string, code: string): Promise<OAuthAuthorizationRow | null> {
    return (
      (
        await this.sql.query<OAuthAuthorizationRow>(
          `update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2
           where id = $1 and status = 'pending' returning *`,
          [id, code],
        )
      ).rows[0] ?? null
    );
  }

  async setStatus(id: string, status: 'denied' | 'expired'): Promise<void> {
    await this.sql.query(
      `update auth.oauth_authorizations set status = $2 where id = $1 and status = 'pending'`,
      [id, status],
    );
  }

  /** Deletes an approved request when its code is exchanged (single use): false when another exchange took it first. */
  async consume(id: string): Promise<boolean> {
    return (
      (
        await this.sql.query(
          `delete from auth.oauth_authorizations where id = $1 and status = 'approved' returning id`,
          [id],
        )
      ).rows.length > 0
    );
  }
}
