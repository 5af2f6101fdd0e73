import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { OAuthClientRow } from './rows.ts';
import { isUuid } from './users.ts';

/** OAuth 2.1 clients of the project's own authorization server (GoTrue's oauth_clients; deleted ones are kept, marked). */
export class OAuthClients {
  constructor(private readonly sql: Sql) {}

  async byId(id: string): Promise<OAuthClientRow | null> {
    if (!isUuid(id)) return null;
    return (
      (
        await this.sql.query<OAuthClientRow>(
          'select * from auth.oauth_clients where id = $1 and deleted_at is null',
          [id],
        )
      ).rows[0] ?? null
    );
  }

  /** Newest first, as GoTrue lists them. */
  async list(): Promise<OAuthClientRow[]> {
    return (
      await this.sql.query<OAuthClientRow>(
        'select * from auth.oauth_clients where deleted_at is null order by created_at desc, id',
      )
    ).rows;
  }

  async insert(
    c: Omit<OAuthClientRow, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>,
  ): Promise<OAuthClientRow> {
    return (
      await this.sql.query<OAuthClientRow>(
        `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
           redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp(), clock_timestamp()) returning *`,
        [
          randomUUID(),
          c.client_secret_hash,
          c.registration_type,
          c.client_type,
          c.token_endpoint_auth_method,
          c.redirect_uris,
          c.grant_types,
          c.client_name,
          c.client_uri,
          c.logo_uri,
        ],
      )
    ).rows[0]!;
  }

  /** Sets the given columns (only the ones an update may change). */
  async update(
    id: string,
    set: Partial<
      Pick<
        OAuthClientRow,
        | 'redirect_uris'
        | 'grant_types'
        | 'client_name'
        | 'client_uri'
        | 'logo_uri'
        | 'token_endpoint_auth_method'
        | 'client_secret_hash'
      >
    >,
  ): Promise<OAuthClientRow> {
    const keys = Object.keys(set) as (keyof typeof set)[];
    const assignments = keys.map((k, i) => `${k} = $${i + 2}`);
    return (
      await this.sql.query<OAuthClientRow>(
        `update auth.oauth_clients set ${[...assignments, 'updated_at = clock_timestamp()'].join(', ')} where id = $1 and deleted_at is null returning *`,
        [id, ...keys.map((k) => set[k])],
      )
    ).rows[0]!;
  }

  async softDelete(id: string): Promise<void> {
    await this.sql.query(
      'update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1',
      [id],
    );
  }
}
