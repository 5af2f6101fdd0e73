import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { Aal, AmrClaimRow, SessionRow } from './rows.ts';

export class Sessions {
  constructor(private readonly sql: Sql) {}

  /** A new aal1 session; `oauth` when an OAuth client obtained it (the code grant), with the scopes granted. */
  async insert(
    userId: string,
    userAgent: string | null,
    oauth: { clientId: string; scopes: string } | null = null,
  ): Promise<SessionRow> {
    return (
      await this.sql.query<SessionRow>(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, oauth_client_id, scopes)
         values ($1, $2, now(), now(), 'aal1', $3, $4, $5) returning *`,
        [randomUUID(), userId, userAgent, oauth?.clientId ?? null, oauth?.scopes ?? null],
      )
    ).rows[0]!;
  }

  async byId(id: string): Promise<SessionRow | null> {
    return (
      (await this.sql.query<SessionRow>('select * from auth.sessions where id = $1', [id])).rows[0] ?? null
    );
  }

  async ofUser(id: string, userId: string): Promise<SessionRow | null> {
    return (
      (
        await this.sql.query<SessionRow>('select * from auth.sessions where id = $1 and user_id = $2', [
          id,
          userId,
        ])
      ).rows[0] ?? null
    );
  }

  async refreshed(id: string): Promise<SessionRow | null> {
    return (
      (
        await this.sql.query<SessionRow>(
          'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1 returning *',
          [id],
        )
      ).rows[0] ?? null
    );
  }

  async stepUp(id: string, aal: Aal, factorId: string): Promise<void> {
    await this.sql.query(
      'update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1',
      [id, aal, factorId],
    );
  }

  /** Sessions that stood on a removed factor fall back to aal1. */
  async dropFactor(factorId: string): Promise<void> {
    await this.sql.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
      [factorId],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sql.query('delete from auth.sessions where id = $1', [id]);
  }

  /** Every session of the user, or every one but `keepId`. */
  async deleteForUser(userId: string, keepId?: string): Promise<void> {
    if (keepId)
      await this.sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepId]);
    else await this.sql.query('delete from auth.sessions where user_id = $1', [userId]);
  }

  /** The user's sessions issued to an OAuth client (their refresh tokens go with them). */
  async deleteForOAuthClient(userId: string, clientId: string): Promise<number> {
    return (
      await this.sql.query(
        'delete from auth.sessions where user_id = $1 and oauth_client_id = $2 returning id',
        [userId, clientId],
      )
    ).rows.length;
  }

  /** The user's other sessions that have not passed a second factor. */
  async deleteOtherAal1(userId: string, keepId: string): Promise<void> {
    await this.sql.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [
      userId,
      keepId,
    ]);
  }

  /** Records how the session was authenticated (the `amr` claim). */
  async addAmr(sessionId: string, method: string): Promise<void> {
    await this.sql.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [sessionId, method],
    );
  }

  async amr(sessionId: string): Promise<AmrClaimRow[]> {
    return (
      await this.sql.query<AmrClaimRow>(
        'select session_id, authentication_method, created_at, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
        [sessionId],
      )
    ).rows;
  }
}
