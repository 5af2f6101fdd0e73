import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { link, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { BackendConfig } from '../config.js';
import { roleOf, withRequestRole, type Database } from '../db.js';
import { AuthError, json, requestClaims } from '../http.js';
import { signJwt, verifyJwt, type Claims } from '../jwt.js';

/** Largest body the server reads for /storage/v1 (buckets may set a lower file_size_limit). */
export const STORAGE_MAX_BODY = 50 * 1024 * 1024;

/** A Storage API error: HTTP status plus the body shape Supabase Storage answers with. */
class StorageError extends Error {
  constructor(
    public http: number,
    public statusCode: string,
    public error: string,
    message: string,
  ) {
    super(message);
  }
  response(): Response {
    return json({ statusCode: this.statusCode, error: this.error, message: this.message }, this.http);
  }
}

const notFound = (what = 'Object') => new StorageError(400, '404', 'not_found', `${what} not found`);

// eslint-disable-next-line no-control-regex -- the characters object names must not contain
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** Object names as Storage accepts them: no control characters, no '.'/'..' segments, no leading slash. */
export function checkObjectName(name: string): void {
  const bad =
    name === '' ||
    name.length > 1024 ||
    name.search(controlCharacters) !== -1 ||
    name.startsWith('/') ||
    name.split('/').some((seg) => seg === '.' || seg === '..' || seg === '') ||
    name.includes('\\');
  if (bad) throw new StorageError(400, '400', 'InvalidKey', `Invalid key: ${name.replace(controlCharacters, '?')}`);
}

const checkBucketId = (id: string): void => {
  if (!/^[A-Za-z0-9_.-]+$/.test(id) || id === '.' || id === '..')
    throw new StorageError(400, '400', 'InvalidBucketName', `Bucket name invalid: ${id}`);
};

interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  owner: string | null;
  created_at: string;
  updated_at: string;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: Record<string, unknown> | null;
  user_metadata?: unknown;
  version: string | null;
}

/** A header value Node can send: visible ASCII, spaces and tabs only (no CR/LF, no other control characters). */
const validHeaderValue = (v: string): boolean => /^[\t\x20-\x7e]*$/.test(v);

function checkCacheControl(value: string): string {
  if (!validHeaderValue(value) || value.length > 1024)
    throw new StorageError(400, '400', 'InvalidRequest', 'Invalid cache-control: control characters are not allowed');
  return value;
}

/** As Storage: user HTML is never served as HTML (it would run on the API's origin). */
const servedType = (mimetype: string): string => (/text\/html/i.test(mimetype) ? 'text/plain' : validHeaderValue(mimetype) ? mimetype : 'application/octet-stream');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner Storage records: the JWT's subject in owner_id, and in the uuid column `owner` when it is one. */
function ownerOf(claims: Claims): { owner: string | null; ownerId: string | null } {
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

function mimeAllowed(allowed: string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const t = type.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const p = a.toLowerCase();
    return p === t || (p.endsWith('/*') && t.startsWith(p.slice(0, -1)));
  });
}

/**
 * A database error as Storage reports it. Constraint and data errors come from what the client sent, so they are
 * 4xx (Storage answers 500 for some of them; here no input reaches a 500).
 */
function fromDbError(err: unknown): StorageError {
  const e = err as { code?: string; message?: string; detail?: string };
  switch (e.code) {
    case '42501':
      return new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
    case '23505':
      return new StorageError(400, '409', 'Duplicate', 'The resource already exists');
    case '23503':
      return e.detail?.includes('is still referenced')
        ? new StorageError(400, '409', 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : notFound('Bucket');
    case '57014':
      return new StorageError(544, '544', 'DatabaseTimeout', 'The connection to the database timed out');
  }
  if (e.code?.startsWith('22') || e.code?.startsWith('23'))
    return new StorageError(400, '400', 'InvalidParameter', e.message ?? 'Invalid value');
  return new StorageError(500, '500', 'internal', 'Internal Server Error');
}

const invalidBody = (message: string) => new StorageError(400, '400', 'InvalidRequest', message);

/** '1mb', '1.5GB', '30kb', '3b' → bytes, as Storage's parseFileSizeToBytes (decimal units). */
export function parseFileSize(text: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!m) throw invalidBody('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const value = Number(Number.parseFloat(m[1]!).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return value * unit;
}

/** A bucket's file_size_limit from a request body: null, a whole number of bytes or a size string; at most the server's limit. */
function fileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  let bytes: number;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value;
  else if (typeof value === 'string') bytes = Math.floor(parseFileSize(value));
  else throw invalidBody('body/file_size_limit must be a non-negative integer or a size such as "5MB"');
  if (bytes > STORAGE_MAX_BODY) throw new StorageError(400, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
  return bytes;
}

/** allowed_mime_types from a request body: null or a list of `type/subtype` patterns (checked as Storage does). */
function allowedMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string')) throw invalidBody('body/allowed_mime_types must be an array of strings');
  const types = (value as string[]).filter(Boolean);
  for (const t of types)
    if (t.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.*]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t))
      throw new StorageError(400, '415', 'invalid_mime_type', `mime type ${t.slice(0, 100).replace(controlCharacters, '?')} is not supported`);
  return types;
}

/** Supabase Storage's /storage/v1 API: objects (upload, download, remove, list, move, copy, sign) and buckets. */
export function createStorage({ db, config }: { db: Database; config: BackendConfig }): (req: Request) => Promise<Response> {
  const root = path.join(config.dataDir, 'storage');
  const tmpDir = path.join(root, '.tmp');
  mkdirSync(tmpDir, { recursive: true });

  const fileOf = (bucket: string, version: string): string => path.join(root, bucket, version);

  /**
   * A crash can leave temporaries (`.part`) and files whose row never committed or whose replacement did (the old
   * version is removed only after the commit). Both are removed before the first request is served.
   */
  async function sweep(): Promise<{ temporaries: number; orphans: number }> {
    const counts = { temporaries: 0, orphans: 0 };
    const remove = async (file: string, kind: keyof typeof counts) => {
      await unlink(file).then(
        () => counts[kind]++,
        () => undefined,
      );
    };
    for (const f of await readdir(tmpDir)) await remove(path.join(tmpDir, f), 'temporaries');
    const known = new Set(
      (await db.query<{ f: string }>(`select bucket_id || '/' || version as f from storage.objects where version is not null`)).rows.map((r) => r.f),
    );
    for (const entry of await readdir(root, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.tmp') continue;
      for (const f of await readdir(path.join(root, entry.name))) {
        const file = path.join(root, entry.name, f);
        if (f.endsWith('.part')) await remove(file, 'temporaries');
        else if (UUID.test(f) && !known.has(`${entry.name}/${f}`)) await remove(file, 'orphans');
      }
    }
    return counts;
  }
  const ready = sweep().then(
    (c) => {
      if (c.temporaries || c.orphans) console.warn(`[storage] removed ${c.temporaries} temporary and ${c.orphans} orphaned object file(s) left by an earlier run`);
    },
    (err: unknown) => console.error('[storage] start-up clean-up failed', err),
  );

  /** Writes bytes under a fresh version name: temp file, fsync, rename, fsync of the directory. */
  async function writeAtomic(bucket: string, bytes: Uint8Array): Promise<string> {
    const version = randomUUID();
    const dir = path.join(root, bucket);
    mkdirSync(dir, { recursive: true });
    const tmp = path.join(tmpDir, `${version}.part`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, fileOf(bucket, version));
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
    return version;
  }

  async function getBucket(id: string): Promise<Bucket> {
    checkBucketId(id);
    const r = await db.query<Bucket>('select * from storage.buckets where id = $1', [id]);
    if (!r.rows[0]) throw new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
    return r.rows[0];
  }

  async function readUpload(req: Request): Promise<{ bytes: Uint8Array; contentType: string; cacheControl: string; userMetadata: unknown }> {
    const ct = req.headers.get('content-type') ?? '';
    if (ct.toLowerCase().startsWith('multipart/form-data')) {
      let form: FormData;
      try {
        form = await req.formData();
      } catch {
        throw new StorageError(400, '400', 'InvalidRequest', 'Invalid multipart body');
      }
      let file: Blob | null = null;
      for (const [, v] of form.entries()) if (typeof v !== 'string') file = file ?? v;
      if (!file) throw new StorageError(400, '400', 'InvalidRequest', 'No file found in request');
      const cc = form.get('cacheControl');
      const md = form.get('metadata');
      let userMetadata: unknown = null;
      if (typeof md === 'string' && md) {
        try {
          userMetadata = JSON.parse(md);
        } catch {
          throw new StorageError(400, '400', 'InvalidRequest', 'Invalid metadata');
        }
      }
      const type = form.get('contentType');
      return {
        bytes: new Uint8Array(await file.arrayBuffer()),
        contentType: (typeof type === 'string' && type) || file.type || 'text/plain;charset=UTF-8',
        // As Storage: the form field is a max-age in seconds.
        cacheControl: checkCacheControl(typeof cc === 'string' && cc ? `max-age=${cc}` : 'no-cache'),
        userMetadata,
      };
    }
    return {
      bytes: new Uint8Array(await req.arrayBuffer()),
      contentType: ct || 'application/octet-stream',
      cacheControl: checkCacheControl(req.headers.get('cache-control') ?? 'no-cache'),
      userMetadata: null,
    };
  }

  /** POST (x-upsert decides) and PUT (supabase-js `update()`, always an upsert, as Storage does). */
  async function upload(req: Request, claims: Claims, bucketId: string, name: string, upsert: boolean): Promise<Response> {
    checkObjectName(name);
    const bucket = await getBucket(bucketId);
    const { bytes, contentType, cacheControl, userMetadata } = await readUpload(req);
    const limit = bucket.file_size_limit === null ? STORAGE_MAX_BODY : Math.min(STORAGE_MAX_BODY, Number(bucket.file_size_limit));
    if (bytes.byteLength > limit)
      throw new StorageError(400, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
    if (!mimeAllowed(bucket.allowed_mime_types, contentType))
      throw new StorageError(400, '415', 'invalid_mime_type', `mime type ${contentType} is not supported`);
    const version = await writeAtomic(bucket.id, bytes);
    const now = new Date().toISOString();
    const metadata = {
      eTag: `"${version}"`,
      size: bytes.byteLength,
      mimetype: contentType,
      cacheControl,
      lastModified: now,
      contentLength: bytes.byteLength,
      httpStatusCode: 200,
    };
    const { owner, ownerId } = ownerOf(claims);
    let previous: string | null = null;
    let row: { id: string };
    try {
      row = await withRequestRole(db, claims, async (tx) => {
        if (upsert) {
          const old = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2',
            [bucket.id, name],
          );
          previous = old.rows[0]?.version ?? null;
        }
        // The replaced row takes the uploader as owner, as Storage's upsert does.
        const r = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $5::uuid, $7::text, $3::jsonb, $4, $6::jsonb)
           ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()' : ''}
           returning id`,
          [bucket.id, name, JSON.stringify(metadata), version, owner, userMetadata === null ? null : JSON.stringify(userMetadata), ownerId],
        );
        if (!r.rows[0]) throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
        return r.rows[0];
      });
    } catch (err) {
      await unlink(fileOf(bucket.id, version)).catch(() => undefined);
      throw err instanceof StorageError ? err : fromDbError(err);
    }
    if (previous && previous !== version) await unlink(fileOf(bucket.id, previous)).catch(() => undefined);
    return json({ Id: row.id, Key: `${bucket.id}/${name}` });
  }

  async function serve(row: ObjectRow, bucketId: string, head: boolean): Promise<Response> {
    const md = row.metadata ?? {};
    let bytes: Buffer;
    try {
      bytes = await readFile(fileOf(bucketId, row.version ?? ''));
    } catch {
      throw notFound();
    }
    const stored = String(md.cacheControl ?? 'no-cache');
    return new Response(head ? null : (new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as unknown as BodyInit), {
      status: 200,
      headers: {
        'content-type': servedType(String(md.mimetype ?? 'application/octet-stream')),
        'cache-control': validHeaderValue(stored) ? stored : 'no-cache',
        'content-length': String(bytes.length),
        etag: String(md.eTag ?? `"${row.version}"`),
        'last-modified': new Date(row.updated_at).toUTCString(),
        // The declared type is the uploader's word: browsers must not second-guess it into HTML or script.
        'x-content-type-options': 'nosniff',
        // Types that can carry script (SVG, XHTML, XML) opened directly run in a sandbox, not on the API's origin.
        ...(/svg|xml/i.test(String(md.mimetype ?? '')) ? { 'content-security-policy': 'sandbox' } : {}),
      },
    });
  }

  async function download(claims: Claims | null, bucketId: string, name: string, publicOnly: boolean, head: boolean): Promise<Response> {
    checkObjectName(name);
    if (publicOnly) {
      checkBucketId(bucketId);
      // One round trip: the object only if its bucket is public.
      const r = await db.query<ObjectRow>(
        `select o.id, o.name, o.updated_at, o.metadata, o.version from storage.objects o
           join storage.buckets b on b.id = o.bucket_id and b.public
          where o.bucket_id = $1 and o.name = $2`,
        [bucketId, name],
      );
      if (!r.rows[0]) throw notFound();
      return serve(r.rows[0], bucketId, head);
    }
    checkBucketId(bucketId);
    const r = await withRequestRole(db, claims!, (tx) =>
      tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]),
    );
    if (!r.rows[0]) throw notFound();
    return serve(r.rows[0], bucketId, head);
  }

  async function remove(req: Request, claims: Claims, bucketId: string): Promise<Response> {
    checkBucketId(bucketId);
    const body = await readJsonBody(req);
    const prefixes = (body as { prefixes?: unknown }).prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string'))
      throw new StorageError(400, '400', 'InvalidRequest', 'body must have required property prefixes');
    if (prefixes.length > 1000) throw new StorageError(400, '400', 'InvalidRequest', 'body/prefixes must NOT have more than 1000 items');
    const r = await withRequestRole(db, claims, (tx) =>
      tx.query<ObjectRow>(
        'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
        [bucketId, prefixes],
      ),
    ).catch((err: unknown) => {
      throw fromDbError(err);
    });
    for (const row of r.rows) if (row.version) await unlink(fileOf(bucketId, row.version)).catch(() => undefined);
    return json(r.rows.map((o) => ({ ...o, bucket_id: bucketId })));
  }

  async function list(req: Request, claims: Claims, bucketId: string): Promise<Response> {
    checkBucketId(bucketId);
    const body = (await readJsonBody(req)) as {
      prefix?: string;
      limit?: number;
      offset?: number;
      search?: string;
      sortBy?: { column?: string; order?: string };
    };
    const prefixRaw = typeof body.prefix === 'string' ? body.prefix : '';
    const prefix = prefixRaw === '' || prefixRaw.endsWith('/') ? prefixRaw : `${prefixRaw}/`;
    const limit = Math.max(0, Math.min(Number(body.limit ?? 100) || 100, 1000));
    const offset = Math.max(0, Number(body.offset ?? 0) || 0);
    const search = typeof body.search === 'string' ? body.search : '';
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(body.sortBy?.column ?? '')
      ? body.sortBy!.column!
      : 'name';
    const order = (body.sortBy?.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const r = await withRequestRole(db, claims, (tx) =>
      tx.query<ObjectRow & { rest: string }>(
        `with items as (
           select split_part(substr(name, $3), '/', 1) as item, (position('/' in substr(name, $3)) > 0) as folder, o.*
             from storage.objects o where bucket_id = $1 and name ilike $2)
         select distinct on (item) item as rest, case when folder then null else id end as id, name,
                case when folder then null else updated_at end as updated_at,
                case when folder then null else created_at end as created_at,
                case when folder then null else last_accessed_at end as last_accessed_at,
                case when folder then null else metadata end as metadata, folder
           from items order by item, folder`,
        [bucketId, like, prefix.length + 1],
      ),
    );
    const rows = r.rows
      .map((o) => ({
        name: o.rest,
        id: o.id,
        updated_at: o.updated_at,
        created_at: o.created_at,
        last_accessed_at: o.last_accessed_at,
        metadata: o.metadata,
      }))
      .sort((a, b) => {
        const av = column === 'name' ? a.name : (a[column as 'updated_at'] ?? '');
        const bv = column === 'name' ? b.name : (b[column as 'updated_at'] ?? '');
        const c = String(av) < String(bv) ? -1 : String(av) > String(bv) ? 1 : 0;
        return order === 'desc' ? -c : c;
      });
    return json(rows.slice(offset, offset + limit));
  }

  /** createSignedUrl (one path) and createSignedUrls (`{ paths }`): tokens for objects the caller can read. */
  async function sign(req: Request, claims: Claims, bucketId: string, name: string): Promise<Response> {
    checkBucketId(bucketId);
    const body = await readJsonBody(req);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isFinite(expiresIn) || expiresIn < 1)
      throw new StorageError(400, '400', 'InvalidRequest', 'body must have required property expiresIn');
    const many = name === '';
    const paths = many ? body.paths : [name];
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
      throw new StorageError(400, '400', 'InvalidRequest', 'body must have required property paths');
    for (const p of paths as string[]) checkObjectName(p);
    const visible = await withRequestRole(db, claims, (tx) =>
      tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]),
    );
    const seen = new Set(visible.rows.map((r) => r.name));
    const now = Math.floor(Date.now() / 1000);
    const out = [];
    for (const p of paths as string[]) {
      if (!seen.has(p)) {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
        continue;
      }
      const token = await signJwt({ url: `${bucketId}/${p}`, iat: now, exp: now + Math.floor(expiresIn) }, config.jwtSecret);
      const signedURL = `/object/sign/${bucketId}/${p.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
      out.push({ error: null, path: p, signedURL });
    }
    if (many) return json(out);
    if (out[0]!.error) throw notFound();
    return json({ signedURL: out[0]!.signedURL });
  }

  /** move / copy, within a bucket or to another, under RLS (select on the source; update for move, insert for copy). */
  async function moveOrCopy(req: Request, claims: Claims, kind: 'move' | 'copy'): Promise<Response> {
    const body = await readJsonBody(req);
    const field = (key: string, required: boolean): string | undefined => {
      const v = body[key];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string') throw new StorageError(400, '400', 'InvalidRequest', `body must have required property '${key}' of type string`);
      return v;
    };
    const bucketId = field('bucketId', true)!;
    const from = field('sourceKey', true)!;
    const to = field('destinationKey', true)!;
    const toBucket = field('destinationBucket', false) || bucketId;
    checkBucketId(bucketId);
    checkObjectName(from);
    checkObjectName(to);
    // The destination must exist before any bytes are written for it (no folder for a bucket that is not there).
    if (toBucket !== bucketId) await getBucket(toBucket);
    const upsert = kind === 'copy' && (req.headers.get('x-upsert') ?? '').toLowerCase() === 'true';
    const { owner, ownerId } = ownerOf(claims);
    let created: string | null = null;
    let obsolete: string | null = null;
    try {
      const result = await withRequestRole(db, claims, async (tx) => {
        const src = await tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, from]);
        const row = src.rows[0];
        if (!row) throw notFound();
        if (kind === 'move') {
          const r = await tx.query<{ id: string }>(
            'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2 returning id',
            [bucketId, from, toBucket, to],
          );
          if (!r.rows[0]) throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
          if (toBucket !== bucketId && row.version) {
            // A second name for the same bytes now; the old one goes once the move is committed.
            mkdirSync(path.join(root, toBucket), { recursive: true });
            await link(fileOf(bucketId, row.version), fileOf(toBucket, row.version));
            created = fileOf(toBucket, row.version);
            obsolete = fileOf(bucketId, row.version);
          }
          return { message: 'Successfully moved', Id: r.rows[0].id, Key: to };
        }
        let bytes: Buffer;
        try {
          bytes = await readFile(fileOf(bucketId, row.version ?? ''));
        } catch {
          throw notFound();
        }
        const previous = upsert
          ? (await tx.query<{ version: string | null }>('select version from storage.objects where bucket_id = $1 and name = $2', [toBucket, to])).rows[0]?.version
          : null;
        const version = await writeAtomic(toBucket, bytes);
        created = fileOf(toBucket, version);
        const r = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3::uuid, $7::text, $4::jsonb, $5, $6::jsonb)
           ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()' : ''}
           returning id`,
          [toBucket, to, owner, JSON.stringify({ ...(row.metadata ?? {}), eTag: `"${version}"`, lastModified: new Date().toISOString() }), version, row.user_metadata == null ? null : JSON.stringify(row.user_metadata), ownerId],
        );
        if (!r.rows[0]) throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
        if (previous) obsolete = fileOf(toBucket, previous);
        return { Id: r.rows[0].id, Key: `${toBucket}/${to}` };
      });
      if (obsolete) await unlink(obsolete).catch(() => undefined);
      return json(result);
    } catch (err) {
      if (created) await unlink(created).catch(() => undefined);
      throw err instanceof StorageError ? err : fromDbError(err);
    }
  }

  async function bucketRoutes(req: Request, claims: Claims, rest: string[]): Promise<Response> {
    const method = req.method.toUpperCase();
    if (rest.length === 0 && method === 'GET') {
      const r = await withRequestRole(db, claims, (tx) => tx.query<Bucket>('select * from storage.buckets order by name'));
      return json(r.rows);
    }
    if (rest.length === 1 && method === 'GET') {
      checkBucketId(rest[0]!);
      const r = await withRequestRole(db, claims, (tx) => tx.query<Bucket>('select * from storage.buckets where id = $1', [rest[0]]));
      if (!r.rows[0]) throw new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
      return json(r.rows[0]);
    }
    if (roleOf(claims) !== 'service_role')
      throw new StorageError(400, '403', 'Unauthorized', 'new row violates row-level security policy');
    if (rest.length === 0 && method === 'POST') {
      const b = await readJsonBody(req);
      if (typeof b.name !== 'string') throw invalidBody("body must have required property 'name'");
      if (b.id !== undefined && typeof b.id !== 'string') throw invalidBody('body/id must be string');
      if (b.public !== undefined && typeof b.public !== 'boolean') throw invalidBody('body/public must be boolean');
      const id = b.id || b.name;
      if (b.name.trim() !== b.name) throw new StorageError(400, '400', 'InvalidBucketName', 'Bucket name invalid');
      checkBucketId(b.name);
      checkBucketId(id);
      await db
        .query(
          'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)',
          [id, b.name, b.public === true, fileSizeLimit(b.file_size_limit), allowedMimeTypes(b.allowed_mime_types)],
        )
        .catch((err: unknown) => {
          throw fromDbError(err);
        });
      return json({ name: b.name });
    }
    if (rest.length === 1 && method === 'DELETE') {
      checkBucketId(rest[0]!);
      const n = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [rest[0]]);
      if (n.rows.length) throw new StorageError(400, '409', 'InvalidRequest', 'The bucket you tried to delete is not empty');
      const r = await db.query('delete from storage.buckets where id = $1', [rest[0]]);
      if (!r.affectedRows) throw new StorageError(400, '404', 'Bucket not found', 'Bucket not found');
      return json({ message: 'Successfully deleted' });
    }
    throw new StorageError(404, '404', 'not_found', 'Route not found');
  }

  return async function handle(req: Request): Promise<Response> {
    await ready;
    try {
      const u = new URL(req.url);
      const raw = u.pathname.replace(/^\/storage\/v1\/?/, '');
      let segs: string[];
      try {
        segs = raw.split('/').map((s) => decodeURIComponent(s));
      } catch {
        throw new StorageError(400, '400', 'InvalidKey', 'Invalid key');
      }
      const method = req.method.toUpperCase();
      const [area, ...rest] = segs;
      // Public downloads need no key, as on Supabase.
      if (area === 'object' && rest[0] === 'public' && (method === 'GET' || method === 'HEAD')) {
        return await download(null, rest[1] ?? '', rest.slice(2).join('/'), true, method === 'HEAD');
      }
      // Signed URLs carry their own token (no key needed), as on Supabase.
      if (area === 'object' && rest[0] === 'sign' && (method === 'GET' || method === 'HEAD')) {
        const bucketId = rest[1] ?? '';
        const name = rest.slice(2).join('/');
        let payload: Claims;
        try {
          payload = await verifyJwt(u.searchParams.get('token') ?? '', config.jwtSecret);
        } catch (err) {
          const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
          throw new StorageError(400, '400', 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
        }
        if (payload.url !== `${bucketId}/${name}`) throw new StorageError(400, '400', 'InvalidSignature', 'The url do not match the signature');
        checkObjectName(name);
        const r = await db.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
        if (!r.rows[0]) throw notFound();
        return await serve(r.rows[0], bucketId, method === 'HEAD');
      }
      let claims: Claims;
      try {
        claims = await requestClaims(req, config);
      } catch (err) {
        if (err instanceof AuthError)
          return json({ statusCode: '403', error: 'Unauthorized', message: err.message === 'JWT expired' ? 'jwt expired' : 'invalid signature' }, 400);
        throw err;
      }
      if (area === 'bucket') return await bucketRoutes(req, claims, rest.filter((s) => s !== ''));
      if (area !== 'object') throw new StorageError(404, '404', 'not_found', 'Route not found');
      const [first, ...tail] = rest;
      if (first === 'list' && method === 'POST') return await list(req, claims, tail[0] ?? '');
      if (first === 'sign' && method === 'POST') return await sign(req, claims, tail[0] ?? '', tail.slice(1).join('/'));
      if ((first === 'move' || first === 'copy') && method === 'POST') return await moveOrCopy(req, claims, first);
      if ((first === 'authenticated' || first === 'public') && (method === 'GET' || method === 'HEAD'))
        return await download(claims, tail[0] ?? '', tail.slice(1).join('/'), false, method === 'HEAD');
      if (first === 'info' && method === 'GET') {
        const b = first === 'info' && (tail[0] === 'public' || tail[0] === 'authenticated') ? tail.slice(1) : tail;
        const name = b.slice(1).join('/');
        checkObjectName(name);
        const r = await withRequestRole(db, claims, (tx) =>
          tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [b[0] ?? '', name]),
        );
        const o = r.rows[0];
        if (!o) throw notFound();
        return json({ ...o, size: o.metadata?.size, content_type: o.metadata?.mimetype, cache_control: o.metadata?.cacheControl, etag: o.metadata?.eTag });
      }
      const bucketId = first ?? '';
      const name = tail.join('/');
      if (method === 'DELETE' && tail.length === 0) return await remove(req, claims, bucketId);
      if (method === 'POST') return await upload(req, claims, bucketId, name, (req.headers.get('x-upsert') ?? '').toLowerCase() === 'true');
      if (method === 'PUT') return await upload(req, claims, bucketId, name, true);
      if (method === 'GET' || method === 'HEAD') return await download(claims, bucketId, name, false, method === 'HEAD');
      if (method === 'DELETE') {
        checkObjectName(name);
        const r = await withRequestRole(db, claims, (tx) =>
          tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = $2 returning *', [bucketId, name]),
        );
        if (!r.rows[0]) throw notFound();
        if (r.rows[0].version) await unlink(fileOf(bucketId, r.rows[0].version)).catch(() => undefined);
        return json({ message: 'Successfully deleted' });
      }
      throw new StorageError(404, '404', 'not_found', 'Route not found');
    } catch (err) {
      if (err instanceof StorageError) return err.response();
      const e = fromDbError(err);
      if (e.http >= 500) console.error('[storage]', err);
      return e.response();
    }
  };
}

async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new StorageError(400, '400', 'InvalidRequest', 'Body is not valid JSON');
  }
}

