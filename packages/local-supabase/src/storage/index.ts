import path from 'node:path';
import type { BackendConfig } from '../config.js';
import { roleOf, withRequestRole, type Database } from '../db.js';
import { AuthError, json, requestClaims } from '../http.js';
import type { Claims } from '../jwt.js';
import { FileStore } from './files.js';

/** The largest body the server reads for /storage/v1 before bucket limits apply (bytes). */
export const STORAGE_MAX_BODY = 50 * 1024 * 1024;

class StorageError extends Error {
  constructor(
    public http: number,
    public statusCode: string,
    public error: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new StorageError(400, '404', 'not_found', 'Object not found');

// Supabase Storage's own rule for object keys, plus no '..' or '.' segments and no leading slash.
const KEY_RE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/u;

export function checkKey(key: string): void {
  const bad =
    key === '' ||
    key.length > 1024 ||
    !KEY_RE.test(key) ||
    key.startsWith('/') ||
    key.endsWith('/') ||
    key.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new StorageError(400, '400', 'InvalidKey', `Invalid key: ${key.replace(/[\u0000-\u001f\u007f]/g, '?')}`);
}

interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
  owner: string | null;
  created_at: string;
  updated_at: string;
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith('/*') ? base.startsWith(rule.slice(0, -1)) : base === rule;
  });
}

function cacheControlOf(value: string | null): string {
  if (!value) return 'max-age=3600';
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

export interface StorageDeps {
  db: Database;
  config: BackendConfig;
}

export function createStorage({ db, config }: StorageDeps): (req: Request) => Promise<Response> {
  const files = new FileStore(path.join(config.dataDir, 'storage'));

  async function bucketOf(id: string): Promise<Bucket> {
    const { rows } = await db.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
    return rows[0];
  }

  const asRole = <T>(claims: Claims, fn: Parameters<typeof withRequestRole<T>>[2]) => withRequestRole(db, claims, fn);

  function rlsError(err: unknown): never {
    const code = (err as { code?: string }).code;
    if (code === '42501') throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
    if (code === '23505') throw new StorageError(400, '409', 'Duplicate', 'The resource already exists');
    throw err;
  }

  async function upload(req: Request, claims: Claims, bucketId: string, name: string, upsertDefault: boolean): Promise<Response> {
    checkKey(name);
    const bucket = await bucketOf(bucketId);
    let bytes: Uint8Array;
    let mime: string;
    let cacheControl = req.headers.get('cache-control');
    const contentType = req.headers.get('content-type') ?? 'application/octet-stream';
    let userMetadata: unknown = null;
    if (contentType.startsWith('multipart/form-data')) {
      const form = await req.formData().catch(() => {
        throw new StorageError(400, '400', 'InvalidRequest', 'Malformed multipart body');
      });
      let file: File | null = null;
      for (const [, v] of form) if (typeof v !== 'string') file = v;
      if (!file) throw new StorageError(400, '400', 'InvalidRequest', 'No file found in the request');
      bytes = new Uint8Array(await file.arrayBuffer());
      mime = file.type || 'application/octet-stream';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = cc;
      const meta = form.get('metadata');
      if (typeof meta === 'string') userMetadata = JSON.parse(meta);
    } else {
      bytes = new Uint8Array(await req.arrayBuffer());
      mime = contentType;
    }
    if (!mimeAllowed(mime, bucket.allowed_mime_types))
      throw new StorageError(400, '415', 'invalid_mime_type', `mime type ${mime} is not supported`);
    if (bucket.file_size_limit !== null && bytes.length > Number(bucket.file_size_limit))
      throw new StorageError(413, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
    const upsert = (req.headers.get('x-upsert') ?? String(upsertDefault)) === 'true';
    const version = await files.write(bucketId, name, bytes);
    const metadata = {
      eTag: `"${version}"`,
      size: bytes.length,
      mimetype: mime,
      cacheControl: cacheControlOf(cacheControl),
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    let previous: string | null = null;
    let row: { id: string };
    try {
      row = await asRole(claims, async (tx) => {
        if (upsert) {
          const old = await tx.query<{ version: string }>(
            'select version from storage.objects where bucket_id = $1 and name = $2',
            [bucketId, name],
          );
          previous = old.rows[0]?.version ?? null;
          const r = await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
             values ($1, $2, auth.uid(), auth.uid()::text, $3::jsonb, $4, $5::jsonb)
             on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version,
               user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()
             returning id`,
            [bucketId, name, JSON.stringify(metadata), version, JSON.stringify(userMetadata)],
          );
          return r.rows[0]!;
        }
        const r = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, auth.uid(), auth.uid()::text, $3::jsonb, $4, $5::jsonb) returning id`,
          [bucketId, name, JSON.stringify(metadata), version, JSON.stringify(userMetadata)],
        );
        return r.rows[0]!;
      });
    } catch (err) {
      await files.remove(bucketId, name, version);
      rlsError(err);
    }
    if (previous && previous !== version) await files.remove(bucketId, name, previous);
    return json({ Id: row.id, id: row.id, Key: `${bucketId}/${name}` });
  }

  async function download(claims: Claims | null, bucketId: string, name: string, isPublic: boolean, head: boolean): Promise<Response> {
    checkKey(name);
    const bucket = await bucketOf(bucketId);
    type Obj = { version: string; metadata: Record<string, unknown> | null; updated_at: string };
    let obj: Obj | undefined;
    const sql = 'select version, metadata, updated_at::text from storage.objects where bucket_id = $1 and name = $2';
    if (isPublic) {
      if (!bucket.public) throw notFound();
      obj = (await db.query<Obj>(sql, [bucketId, name])).rows[0];
    } else {
      obj = await asRole(claims!, async (tx) => (await tx.query<Obj>(sql, [bucketId, name])).rows[0]);
    }
    if (!obj) throw notFound();
    const bytes = await files.read(bucketId, name, obj.version).catch(() => {
      throw notFound();
    });
    const meta = obj.metadata ?? {};
    return new Response(head ? null : new Uint8Array(bytes), {
      status: 200,
      headers: {
        'content-type': String(meta.mimetype ?? 'application/octet-stream'),
        'cache-control': String(meta.cacheControl ?? 'no-cache'),
        'content-length': String(bytes.length),
        etag: String(meta.eTag ?? `"${obj.version}"`),
        'last-modified': new Date(String(meta.lastModified ?? obj.updated_at)).toUTCString(),
      },
    });
  }

  async function remove(req: Request, claims: Claims, bucketId: string): Promise<Response> {
    await bucketOf(bucketId);
    let body: { prefixes?: unknown };
    try {
      body = (await req.json()) as { prefixes?: unknown };
    } catch {
      throw new StorageError(400, '400', 'InvalidRequest', 'body must be JSON with prefixes');
    }
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string') || prefixes.length > 1000)
      throw new StorageError(400, '400', 'InvalidRequest', 'body/prefixes must be an array of up to 1000 strings');
    type Row = { name: string; version: string; id: string; bucket_id: string; owner: string | null; metadata: unknown; created_at: string; updated_at: string; last_accessed_at: string };
    const rows = await asRole(claims, async (tx) =>
      (
        await tx.query<Row>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning id, name, bucket_id, owner, metadata, version, created_at, updated_at, last_accessed_at`,
          [bucketId, prefixes],
        )
      ).rows,
    ).catch(rlsError);
    for (const r of rows) await files.remove(bucketId, r.name, r.version);
    return json(rows.map(({ version: _v, ...rest }) => rest));
  }

  async function list(req: Request, claims: Claims, bucketId: string): Promise<Response> {
    await bucketOf(bucketId);
    let body: { prefix?: string; limit?: number; offset?: number; sortBy?: { column?: string; order?: string }; search?: string };
    try {
      body = (await req.json()) as typeof body;
    } catch {
      throw new StorageError(400, '400', 'InvalidRequest', 'body must be JSON');
    }
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(body.sortBy?.column ?? '')
      ? body.sortBy!.column!
      : 'name';
    const desc = body.sortBy?.order?.toLowerCase() === 'desc';
    const search = typeof body.search === 'string' ? body.search : '';
    type Row = { name: string; id: string; updated_at: string; created_at: string; last_accessed_at: string; metadata: unknown };
    const rows = await asRole(claims, async (tx) =>
      (
        await tx.query<Row>(
          `select name, id, to_json(updated_at) #>> '{}' as updated_at, to_json(created_at) #>> '{}' as created_at,
                  to_json(last_accessed_at) #>> '{}' as last_accessed_at, metadata
             from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
          [bucketId, prefix],
        )
      ).rows,
    );
    const entries = new Map<string, Row | { name: string; id: null; updated_at: null; created_at: null; last_accessed_at: null; metadata: null }>();
    for (const r of rows) {
      const rest = r.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entryName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !entryName.toLowerCase().startsWith(search.toLowerCase())) continue;
      if (slash >= 0) {
        if (!entries.has(`d:${entryName}`))
          entries.set(`d:${entryName}`, { name: entryName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else entries.set(`f:${entryName}`, { ...r, name: entryName });
    }
    const sorted = [...entries.values()].sort((a, b) => {
      const av = String((a as Record<string, unknown>)[column] ?? '');
      const bv = String((b as Record<string, unknown>)[column] ?? '');
      const cmp = av < bv ? -1 : av > bv ? 1 : 0;
      return desc ? -cmp : cmp;
    });
    return json(sorted.slice(offset, offset + limit));
  }

  async function buckets(req: Request, claims: Claims, id: string | null): Promise<Response> {
    if (req.method === 'GET') {
      const rows = await asRole(claims, async (tx) =>
        (await tx.query<Bucket>('select * from storage.buckets' + (id ? ' where id = $1' : ' order by name'), id ? [id] : [])).rows,
      );
      if (id) {
        if (!rows[0]) throw new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
        return json(rows[0]);
      }
      return json(rows);
    }
    if (req.method === 'POST' && !id) {
      if (roleOf(claims) !== 'service_role')
        throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
      const b = (await req.json()) as { id?: string; name?: string; public?: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null };
      const bid = b.id ?? b.name;
      if (!bid || !/^[a-z0-9][a-z0-9._-]*$/i.test(bid)) throw new StorageError(400, '400', 'InvalidKey', 'Invalid bucket name');
      await db
        .query('insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)', [
          bid,
          b.name ?? bid,
          Boolean(b.public),
          b.file_size_limit ?? null,
          b.allowed_mime_types ?? null,
        ])
        .catch(rlsError);
      return json({ name: bid });
    }
    throw new StorageError(405, '405', 'Method not allowed', 'Method not allowed');
  }

  return async function handle(req: Request): Promise<Response> {
    try {
      const url = new URL(req.url);
      const parts = url.pathname.replace(/^\/storage\/v1\/?/, '').split('/');
      const decoded = (segs: string[]) => segs.map((s) => decodeURIComponent(s)).join('/');
      const method = req.method.toUpperCase();
      const isPublic = parts[0] === 'object' && parts[1] === 'public' && (method === 'GET' || method === 'HEAD');
      let claims: Claims | null = null;
      if (!isPublic) {
        try {
          claims = await requestClaims(req, config);
        } catch (err) {
          if (err instanceof AuthError) throw new StorageError(401, '401', 'Unauthorized', err.message);
          throw err;
        }
      }
      if (parts[0] === 'bucket') return await buckets(req, claims!, parts[1] ? decodeURIComponent(parts[1]) : null);
      if (parts[0] === 'object') {
        if (isPublic) return await download(null, decodeURIComponent(parts[2] ?? ''), decoded(parts.slice(3)), true, method === 'HEAD');
        if (parts[1] === 'list' && method === 'POST') return await list(req, claims!, decodeURIComponent(parts[2] ?? ''));
        if (parts[1] === 'authenticated' && (method === 'GET' || method === 'HEAD'))
          return await download(claims, decodeURIComponent(parts[2] ?? ''), decoded(parts.slice(3)), false, method === 'HEAD');
        const bucketId = decodeURIComponent(parts[1] ?? '');
        const name = decoded(parts.slice(2));
        if (method === 'DELETE' && parts.length === 2) return await remove(req, claims!, bucketId);
        if (method === 'POST') return await upload(req, claims!, bucketId, name, false);
        if (method === 'PUT') return await upload(req, claims!, bucketId, name, true);
        if (method === 'GET' || method === 'HEAD') return await download(claims, bucketId, name, false, method === 'HEAD');
      }
      throw new StorageError(404, '404', 'not_found', 'Route not found');
    } catch (err) {
      if (err instanceof StorageError)
        return json({ statusCode: err.statusCode, error: err.error, message: err.message }, err.http);
      if (err instanceof URIError) return json({ statusCode: '400', error: 'InvalidKey', message: 'Invalid key' }, 400);
      console.error('[storage]', err);
      return json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500);
    }
  };
}
