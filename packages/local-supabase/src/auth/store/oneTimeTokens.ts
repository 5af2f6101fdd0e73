import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { OneTimeTokenRow, TokenType } from './rows.ts';

/** E-mail link tokens and codes; token_hash is the SHA-256 of the value sent. One live token per user and type. */
export class OneTimeTokens {
  constructor(private readonly sql: Sql) {}

  async put(userId: string, type: TokenType, storedHash: string, relatesTo: string): Promise<void> {
    await this.sql.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
         created_at = now(), updated_at = now()`,
      [randomUUID(), userId, type, storedHash, relatesTo],
    );
  }

  /** Spends the unexpired token among `storedHashes` of one of `types`. */
  async consume(
    storedHashes: string[],
    types: TokenType[],
    expirySeconds: number,
  ): Promise<OneTimeTokenRow | null> {
    return (
      (
        await this.sql.query<OneTimeTokenRow>(
          `delete from auth.one_time_tokens
           where token_hash = any($1::text[]) and token_type::text = any($2::text[])
             and created_at > (now() - make_interval(secs => $3))::timestamp
           returning id, user_id, token_type::text as token_type, token_hash, relates_to, created_at`,
          [storedHashes, types, expirySeconds],
        )
      ).rows[0] ?? null
    );
  }

  async has(userId: string, type: TokenType): Promise<boolean> {
    return (
      (
        await this.sql.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2', [
          userId,
          type,
        ])
      ).rows.length > 0
    );
  }

  async deleteTypes(userId: string, types: TokenType[]): Promise<void> {
    await this.sql.query(
      'delete from auth.one_time_tokens where user_id = $1 and token_type::text = any($2::text[])',
      [userId, types],
    );
  }
}
