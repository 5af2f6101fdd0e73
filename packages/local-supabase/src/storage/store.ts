/**
 * The SQL of Storage, one function per statement over typed rows of `storage.buckets` and `storage.objects`. Each
 * takes the `Sql` it runs on: the database owner's (Storage's "super user", RLS bypassed) or a transaction opened as
 * the request's role (RLS decides).
 */
import type { Sql } from '../db.ts';
import { errors, type StorageError } from './errors.ts';

/** A unique violation as the error Storage names for that table (KeyAlreadyExists, BucketAlreadyExists). */
const duplicateAs =
  (make: () => StorageError) =>
  (err: unknown): never => {
    throw (err as { code?: string }).code === '23505' ? make() : err;
  };

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** What Storage keeps about the bytes of an object (its S3 head). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  version: string | null;
}

/** An object being written: the owner (JWT subject) lands in `owner_id`, and in the uuid column `owner` when it is one. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

// file_size_limit is a bigint: read as a JSON number, as Storage answers it.
const BUCKET_COLUMNS = `id, name, owner, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`;
const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, user_metadata, version`;

/** `LIKE` pattern for a literal prefix. */
export const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const buckets = {
  async find(sql: Sql, id: string): Promise<BucketRow | null> {
    const r = await sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
    return r.rows[0] ?? null;
  },

  async list(
    sql: Sql,
    o: { limit?: number; offset?: number; sortColumn?: string; sortOrder?: string; search?: string },
  ): Promise<BucketRow[]> {
    const params: unknown[] = [];
    const where = o.search
      ? (params.push(`%${likePrefix(o.search).slice(0, -1)}%`), `where name ilike $${params.length}`)
      : '';
    const column = ['id', 'name', 'created_at', 'updated_at'].includes(o.sortColumn ?? '')
      ? o.sortColumn!
      : 'name';
    const order = o.sortOrder === 'desc' ? 'desc' : 'asc';
    const limit = o.limit !== undefined ? (params.push(o.limit), ` limit $${params.length}`) : '';
    const offset = o.offset !== undefined ? (params.push(o.offset), ` offset $${params.length}`) : '';
    const r = await sql.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets ${where} order by ${column} ${order}, id${limit}${offset}`,
      params,
    );
    return r.rows;
  },

  async create(
    sql: Sql,
    b: {
      id: string;
      name: string;
      owner: string | null;
      ownerId: string | null;
      public: boolean;
      fileSizeLimit: number | null;
      allowedMimeTypes: string[] | null;
    },
  ): Promise<void> {
    await sql
      .query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
        [b.id, b.name, b.owner, b.ownerId, b.public, b.fileSizeLimit, b.allowedMimeTypes],
      )
      .catch(duplicateAs(errors.bucketAlreadyExists));
  },

  /** Changes the given fields (undefined = unchanged); false when no visible bucket has the id. */
  async update(
    sql: Sql,
    id: string,
    patch: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null },
  ): Promise<boolean> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown, cast = '') => {
      params.push(value);
      sets.push(`${column} = $${params.length}${cast}`);
    };
    if (patch.public !== undefined) set('public', patch.public);
    if (patch.fileSizeLimit !== undefined) set('file_size_limit', patch.fileSizeLimit);
    if (patch.allowedMimeTypes !== undefined) set('allowed_mime_types', patch.allowedMimeTypes, '::text[]');
    const r = await sql.query(
      `update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1 returning id`,
      params,
    );
    return r.rows.length > 0;
  },

  async remove(sql: Sql, id: string): Promise<boolean> {
    const r = await sql.query('delete from storage.buckets where id = $1 returning id', [id]);
    return r.rows.length > 0;
  },

  async hasObjects(sql: Sql, id: string): Promise<boolean> {
    return (
      (await sql.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length > 0
    );
  },
};

/** The parameters $1–$7 of an object row's insert: bucket, name, owner (both forms), metadata, user metadata, version. */
const objectParams = (o: ObjectWrite): unknown[] => [
  o.bucketId,
  o.name,
  o.owner,
  o.ownerId,
  JSON.stringify(o.metadata),
  o.userMetadata === null ? null : JSON.stringify(o.userMetadata),
  o.version,
];

export const objects = {
  async find(sql: Sql, bucketId: string, name: string): Promise<ObjectRow | null> {
    const r = await sql.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    return r.rows[0] ?? null;
  },

  /** An object of a public bucket, in one statement (the hot path of public downloads). */
  async findPublic(sql: Sql, bucketId: string, name: string): Promise<ObjectRow | null> {
    const r = await sql.query<ObjectRow>(
      `select o.id, o.bucket_id, o.name, o.updated_at, o.created_at, o.metadata, o.user_metadata, o.version
         from storage.objects o join storage.buckets b on b.id = o.bucket_id and b.public
        where o.bucket_id = $1 and o.name = $2`,
      [bucketId, name],
    );
    return r.rows[0] ?? null;
  },

  async visibleNames(sql: Sql, bucketId: string, names: string[]): Promise<Set<string>> {
    const r = await sql.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, names],
    );
    return new Set(r.rows.map((row) => row.name));
  },

  /**
   * Inserts a new object without reading it back, as Storage's createObject: an INSERT policy alone lets a caller
   * upload (RETURNING would also need a SELECT policy that passes). The caller reads the row as the owner afterwards.
   */
  async insert(sql: Sql, o: ObjectWrite): Promise<void> {
    await sql
      .query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`,
        objectParams(o),
      )
      .catch(duplicateAs(errors.keyAlreadyExists));
  },

  /** Inserts an object, or with `upsert` replaces the one at its path (new owner, metadata and version). */
  async write(sql: Sql, o: ObjectWrite, upsert: boolean): Promise<ObjectRow | null> {
    const r = await sql
      .query<ObjectRow>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)
       ${
         upsert
           ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                updated_at = now(), last_accessed_at = now()`
           : ''
       }
       returning ${OBJECT_COLUMNS}`,
        objectParams(o),
      )
      .catch(duplicateAs(errors.keyAlreadyExists));
    return r.rows[0] ?? null;
  },

  /** Renames an object (move); the mover becomes its owner, as in Storage. */
  async rename(
    sql: Sql,
    from: { bucketId: string; name: string },
    to: { bucketId: string; name: string },
    owner: { owner: string | null; ownerId: string | null },
  ): Promise<ObjectRow | null> {
    const r = await sql.query<ObjectRow>(
      `update storage.objects set bucket_id = $3, name = $4, owner = $5::uuid, owner_id = $6, updated_at = now()
        where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [from.bucketId, from.name, to.bucketId, to.name, owner.owner, owner.ownerId],
    );
    return r.rows[0] ?? null;
  },

  async remove(sql: Sql, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    const r = await sql.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, names],
    );
    return r.rows;
  },

  async removeAll(sql: Sql, bucketId: string): Promise<{ version: string | null }[]> {
    return (
      await sql.query<{ version: string | null }>(
        'delete from storage.objects where bucket_id = $1 returning version',
        [bucketId],
      )
    ).rows;
  },

  /** Every `<bucket>/<version>` a row refers to (the files that must stay). */
  async allVersions(sql: Sql): Promise<Set<string>> {
    const r = await sql.query<{ f: string }>(
      `select bucket_id || '/' || version as f from storage.objects where version is not null`,
    );
    return new Set(r.rows.map((row) => row.f));
  },
};

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/**
 * `list()` (Storage's `storage.search`): the folders and files one level under `prefix` whose name starts with
 * `prefix + search` (case-insensitive), names relative to the prefix. By name, folders and files interleave in
 * byte order of their lower-cased path; by a date, folders come first (by name), then files.
 */
export async function listLevel(
  sql: Sql,
  bucketId: string,
  o: {
    prefix: string;
    search: string;
    limit: number;
    offset: number;
    column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
    order: 'asc' | 'desc';
  },
): Promise<ListEntry[]> {
  const sort =
    o.column === 'name'
      ? `lower(case when folder then name || '/' else name end) collate "C" ${o.order}`
      : `folder desc, case when folder then name end collate "C" ${o.order}, ${o.column} ${o.order}, name collate "C"`;
  const r = await sql.query<ListEntry>(
    `with visible as (
       select substr(o.name, $3::int) as rel, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
         from storage.objects o
        where o.bucket_id = $1 and lower(o.name) like lower($2) escape '\\'),
     entries as (
       select split_part(rel, '/', 1) as name, true as folder, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from visible where position('/' in rel) > 0 group by 1
       union all
       select rel, false, id, updated_at, created_at, last_accessed_at, metadata from visible where position('/' in rel) = 0)
     select name, id, updated_at, created_at, last_accessed_at, metadata from entries
      order by ${sort} limit $4 offset $5`,
    [bucketId, likePrefix(o.prefix + o.search), o.prefix.length + 1, o.limit, o.offset],
  );
  return r.rows;
}

export interface ListV2Entry extends ListEntry {
  key?: string;
  /** 0 for a folder, 1 for an object (the order of a date sort). */
  grp: number;
  sort_value: string | null;
}

/** Where a `listV2` page starts: after this name (and, for a date sort, this date). */
export interface ListV2Cursor {
  startAfter: string;
  sortColumnAfter?: string;
}

/**
 * `listV2()` (Storage's `list_objects_with_delimiter` / `search_v2`): every object under `prefix`, or with the
 * delimiter one level's folders (`name` ending in '/') and objects, each with its `key` (its segment at that level).
 * Keyset-paginated: `limit + 1` rows are read so the caller knows whether another page follows.
 */
export async function listPage(
  sql: Sql,
  bucketId: string,
  o: {
    prefix: string;
    delimiter: boolean;
    limit: number;
    column: 'name' | 'created_at' | 'updated_at';
    order: 'asc' | 'desc';
    after?: ListV2Cursor;
  },
): Promise<ListV2Entry[]> {
  const params: unknown[] = [bucketId, likePrefix(o.prefix), o.prefix.length + 1];
  const dir = o.order;
  const cmp = dir === 'asc' ? '>' : '<';
  const dated = o.column !== 'name';
  const entries = o.delimiter
    ? `select 0 as grp, $4 || split_part(rel, '/', 1) || '/' as name, split_part(rel, '/', 1) as key, null::uuid as id,
              null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at,
              null::jsonb as metadata
         from visible where position('/' in rel) > 0 group by split_part(rel, '/', 1)
       union all
       select 1, name, rel, id, updated_at, created_at, last_accessed_at, metadata from visible where position('/' in rel) = 0`
    : `select 1 as grp, name, null::text as key, id, updated_at, created_at, last_accessed_at, metadata from visible`;
  if (o.delimiter) params.push(o.prefix);
  const conditions: string[] = [];
  if (o.after) {
    params.push(o.after.startAfter);
    const name = `$${params.length}`;
    if (dated && o.after.sortColumnAfter) {
      params.push(o.after.sortColumnAfter);
      const at = `$${params.length}::timestamptz`;
      conditions.push(
        `grp = 1 and (date_trunc('milliseconds', ${o.column}), name collate "C") ${cmp} (${at}, ${name} collate "C")`,
      );
    } else if (dated) {
      conditions.push(`(grp = 0 and name collate "C" ${cmp} ${name} collate "C") or grp = 1`);
    } else {
      conditions.push(`name collate "C" ${cmp} ${name} collate "C"`);
    }
  }
  params.push(o.limit + 1);
  const order = dated ? `grp, ${o.column} ${dir}, name collate "C" ${dir}` : `name collate "C" ${dir}`;
  const r = await sql.query<ListV2Entry>(
    `with visible as (
       select substr(o.name, $3::int) as rel, o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
         from storage.objects o where o.bucket_id = $1 and o.name like $2 escape '\\'),
     entries as (${entries})
     select *, ${dated ? `to_char(${o.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : 'null'} as sort_value
       from entries ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
      order by ${order} limit $${params.length}`,
    params,
  );
  return r.rows;
}
