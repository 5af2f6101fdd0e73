import type { Sql } from '../../db.ts';
import { INSTANCE_ID } from './users.ts';

/** The refresh-token rows keep only SHA-256 hashes: `token` is the hash, `parent` the parent's hash. */
export interface RotatedToken {
  id: string;
  user_id: string;
  session_id: string;
  token: string;
}

export interface PriorUse {
  session_id: string;
  user_id: string;
  /** Seconds since the token was revoked. */
  age: number;
  live_children: number;
  used_children: number;
}

export class RefreshTokens {
  constructor(private readonly sql: Sql) {}

  async insert(userId: string, sessionId: string, hash: string, parentHash: string | null): Promise<void> {
    await this.sql.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, now(), now(), $4, $5)`,
      [INSTANCE_ID, hash, userId, parentHash, sessionId],
    );
  }

  /** The token's session, with the OAuth client it was issued to (null for a user's own session, or none left). */
  async sessionOf(hash: string): Promise<{ session_id: string; oauth_client_id: string | null } | null> {
    return (
      (
        await this.sql.query<{ session_id: string; oauth_client_id: string | null }>(
          'select t.session_id, s.oauth_client_id from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id where t.token = $1',
          [hash],
        )
      ).rows[0] ?? null
    );
  }

  /**
   * Revokes the live token `hash` and inserts its successor in one statement, so a concurrent request for the same
   * token always finds the successor (and the reuse interval answers it), never a gap that looks like theft.
   */
  async rotate(hash: string, childHash: string): Promise<RotatedToken | null> {
    return (
      (
        await this.sql.query<RotatedToken>(
          `with used as (
             update auth.refresh_tokens set revoked = true, updated_at = now()
             where token = $1 and revoked = false returning id, user_id, session_id, token
           ), next as (
             insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
             select $2, $3, used.user_id, false, now(), now(), used.token, used.session_id from used returning id
           )
           select used.* from used`,
          [hash, INSTANCE_ID, childHash],
        )
      ).rows[0] ?? null
    );
  }

  /** What became of an already revoked token: how long ago, and whether its successor is still the live one. */
  async prior(hash: string): Promise<PriorUse | null> {
    const row = (
      await this.sql.query<PriorUse>(
        `select t.session_id, t.user_id, extract(epoch from (now() - t.updated_at))::float8 as age,
           (select count(*) from auth.refresh_tokens c where c.parent = t.token and c.revoked = false)::int as live_children,
           (select count(*) from auth.refresh_tokens c where c.parent = t.token and c.revoked = true)::int as used_children
         from auth.refresh_tokens t where t.token = $1`,
        [hash],
      )
    ).rows[0];
    return row ? { ...row, age: Number(row.age) } : null;
  }

  async isLiveChild(hash: string, parentHash: string): Promise<boolean> {
    return (
      (
        await this.sql.query(
          'select 1 from auth.refresh_tokens where token = $1 and parent = $2 and revoked = false',
          [hash, parentHash],
        )
      ).rows.length > 0
    );
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.sql.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
      [sessionId],
    );
  }
}
