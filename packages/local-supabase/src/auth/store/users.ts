import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import type { FactorRow, IdentityRow, Json, TokenType, UserRow } from './rows.ts';

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The auth.users column that mirrors each one-time token (GoTrue keeps both). */
const TOKEN_COLUMN: Record<TokenType, [string, string]> = {
  confirmation_token: ['confirmation_token', 'confirmation_sent_at'],
  recovery_token: ['recovery_token', 'recovery_sent_at'],
  email_change_token_new: ['email_change_token_new', 'email_change_sent_at'],
  email_change_token_current: ['email_change_token_current', 'email_change_sent_at'],
  reauthentication_token: ['reauthentication_token', 'reauthentication_sent_at'],
};

export interface NewUser {
  id?: string;
  email: string | null;
  passwordHash: string | null;
  confirmed: boolean;
  invited?: boolean;
  anonymous?: boolean;
  role?: string;
  userMetadata: Json;
  appMetadata: Json;
}

export class Users {
  constructor(private readonly sql: Sql) {}

  private async one(text: string, params: unknown[]): Promise<UserRow | null> {
    return (await this.sql.query<UserRow>(text, params)).rows[0] ?? null;
  }

  byId(id: string): Promise<UserRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.one('select * from auth.users where id = $1 and deleted_at is null', [id]);
  }

  byEmail(email: string): Promise<UserRow | null> {
    return this.one(
      'select * from auth.users where lower(email) = lower($1) and deleted_at is null and is_sso_user = false limit 1',
      [email],
    );
  }

  /** The user whose address or pending new address is `email`, with a change pending. */
  withPendingChangeTo(email: string): Promise<UserRow | null> {
    return this.one(
      `select * from auth.users where (lower(email) = $1 or lower(email_change) = $1) and email_change <> '' and deleted_at is null limit 1`,
      [email],
    );
  }

  /** The size of metadata as it would be stored (bytes of its jsonb text), the measure of mergeUserMetadata's cap. */
  async metadataBytes(data: Json): Promise<number> {
    const rows = await this.sql.query<{ n: number }>('select octet_length($1::jsonb::text) as n', [
      JSON.stringify(data),
    ]);
    return Number(rows.rows[0]!.n);
  }

  insert(u: NewUser): Promise<UserRow> {
    return this.one(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
       values ($1, $2, 'authenticated', $3, $4, $5, case when $6::boolean then now() end, case when $7::boolean then now() end,
         $8::jsonb, $9::jsonb, false, now(), now(), false, $10)
       returning *`,
      [
        INSTANCE_ID,
        u.id ?? randomUUID(),
        u.role ?? 'authenticated',
        u.email,
        u.passwordHash ?? '',
        u.confirmed,
        !!u.invited,
        JSON.stringify(u.appMetadata),
        JSON.stringify(u.userMetadata),
        !!u.anonymous,
      ],
    ) as Promise<UserRow>;
  }

  /** Confirms the address (and marks `email_verified` in the metadata that has it). */
  confirmEmail(id: string): Promise<UserRow> {
    return this.one(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
         raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
           then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
       where id = $1 returning *`,
      [id],
    ) as Promise<UserRow>;
  }

  /** Gives a user without an address (anonymous) the address of an identity it linked. */
  async adoptEmail(id: string, email: string): Promise<void> {
    await this.sql.query('update auth.users set email = $2, updated_at = now() where id = $1', [id, email]);
  }

  async makePermanent(id: string): Promise<void> {
    await this.sql.query('update auth.users set is_anonymous = false, updated_at = now() where id = $1', [
      id,
    ]);
  }

  async setPassword(id: string, hash: string | null): Promise<void> {
    await this.sql.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
      id,
      hash ?? '',
    ]);
  }

  /**
   * Merges `data` into user_metadata; keys set to null are removed (GoTrue's UpdateUserMetaData). With `maxBytes`,
   * nothing changes and false is answered when the merged metadata would be larger (as JSON text).
   */
  async mergeUserMetadata(id: string, data: Json, maxBytes?: number): Promise<boolean> {
    const remove = Object.keys(data).filter((k) => data[k] === null);
    const merged = `((coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[])`;
    const rows = await this.sql.query(
      `update auth.users set raw_user_meta_data = ${merged}, updated_at = now()
       where id = $1 and ($4::int is null or octet_length(${merged}::text) <= $4::int) returning id`,
      [id, JSON.stringify(data), remove, maxBytes ?? null],
    );
    return rows.rows.length > 0;
  }

  async replaceUserMetadata(id: string, data: Json): Promise<void> {
    await this.sql.query(
      'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
      [id, JSON.stringify(data)],
    );
  }

  async mergeAppMetadata(id: string, data: Json): Promise<void> {
    const remove = Object.keys(data).filter((k) => data[k] === null);
    await this.sql.query(
      `update auth.users set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[], updated_at = now() where id = $1`,
      [id, JSON.stringify(data), remove],
    );
  }

  async setRole(id: string, role: string): Promise<void> {
    await this.sql.query('update auth.users set role = $2, updated_at = now() where id = $1', [id, role]);
  }

  async setBannedUntil(id: string, until: Date | null): Promise<void> {
    await this.sql.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [
      id,
      until,
    ]);
  }

  recordSignIn(id: string): Promise<UserRow> {
    return this.one(
      'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
      [id],
    ) as Promise<UserRow>;
  }

  /** Records the address an e-mail change waits to confirm (status 0: no link accepted yet). */
  async setEmailChange(id: string, email: string): Promise<void> {
    await this.sql.query(
      'update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1',
      [id, email],
    );
  }

  async markEmailChangeHalfConfirmed(id: string): Promise<void> {
    await this.sql.query(
      'update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1',
      [id],
    );
  }

  /** Completes an e-mail change: the new address becomes the address, confirmed. */
  applyEmailChange(id: string, email: string): Promise<UserRow> {
    return this.one(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
         email_change_sent_at = null, email_change_confirm_status = 0,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(), is_anonymous = false,
         raw_user_meta_data = case when raw_user_meta_data ? 'email' then raw_user_meta_data || jsonb_build_object('email', $3::text) else raw_user_meta_data end
       where id = $1 returning *`,
      [id, email, email],
    ) as Promise<UserRow>;
  }

  /** Mirrors a one-time token's stored hash (or '' when spent) and its sent time on the user row. */
  async setTokenMirror(id: string, type: TokenType, storedHash: string): Promise<void> {
    const [col, sentCol] = TOKEN_COLUMN[type];
    const sent = storedHash ? `, ${sentCol} = now()` : '';
    await this.sql.query(`update auth.users set ${col} = $2${sent}, updated_at = now() where id = $1`, [
      id,
      storedHash,
    ]);
  }

  /** app_metadata.provider/providers follow the identities. */
  async syncProviders(id: string, resetProvider = false): Promise<void> {
    await this.sql.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
         || jsonb_build_object('providers', coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = $1), '[]'::jsonb))
         || case when raw_app_meta_data ? 'provider' and not $2::boolean then '{}'::jsonb
                 else jsonb_build_object('provider', (select provider from auth.identities where user_id = $1 order by created_at limit 1)) end,
         updated_at = now()
       where id = $1`,
      [id, resetProvider],
    );
  }

  async softDelete(id: string): Promise<void> {
    await this.sql.query(
      `update auth.users set deleted_at = now(), email = null, phone = null, email_change = '', encrypted_password = '',
         confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change_token_current = '',
         raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
      [id],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sql.query('delete from auth.users where id = $1', [id]);
  }

  /** `filter` matches part of the address or the full name (GoTrue's admin list filter). */
  async count(filter = ''): Promise<number> {
    const r = await this.sql.query<{ n: number }>(
      `select count(*)::int as n from auth.users where deleted_at is null
         and ($1 = '' or email like '%' || $1 || '%' or raw_user_meta_data ->> 'full_name' ilike '%' || $1 || '%')`,
      [filter],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  /** A page of users, newest first (as GoTrue lists them) or, with `ascending`, oldest first. */
  async page(limit: number, offset: number, filter = '', ascending = false): Promise<UserRow[]> {
    const order = ascending ? 'created_at asc, id asc' : 'created_at desc, id desc';
    return (
      await this.sql.query<UserRow>(
        `select * from auth.users where deleted_at is null
           and ($3 = '' or email like '%' || $3 || '%' or raw_user_meta_data ->> 'full_name' ilike '%' || $3 || '%')
         order by ${order} limit $1 offset $2`,
        [limit, offset, filter],
      )
    ).rows;
  }

  /** The user's identities and factors in one round trip (every session answer carries both). */
  async lists(id: string): Promise<{ identities: IdentityRow[]; factors: FactorRow[] }> {
    const row = (
      await this.sql.query<{ identities: IdentityRow[] | string; factors: FactorRow[] | string }>(
        `select coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = $1), '[]'::json) as identities,
                coalesce((select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = $1), '[]'::json) as factors`,
        [id],
      )
    ).rows[0];
    const parse = <T>(v: T[] | string | undefined): T[] =>
      typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []);
    return { identities: parse(row?.identities), factors: parse(row?.factors) };
  }
}
