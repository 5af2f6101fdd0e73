/** Responses that carry an object (its bytes, its headers, or its info), as Storage's renderers write them. */
import { json } from '../http.ts';
import { errors } from './errors.ts';
import { isValidHeaderValue } from './limits.ts';
import type { ObjectMetadata, ObjectRow } from './store.ts';

/** As Storage (normalizeContentType): user HTML is never served as HTML. A type Node cannot send becomes binary. */
export function servedType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream';
  if (/text\/html/i.test(mimetype)) return 'text/plain';
  return isValidHeaderValue(mimetype) ? mimetype : 'application/octet-stream';
}

export interface AssetOptions {
  /** `?download` (empty: attachment; a name: that file name). */
  download?: string | null;
  /** Signed URLs carry Expires (the token's end) instead of the stored Cache-Control. */
  expires?: number;
  /** Segments for X-Transformations (render routes). */
  transformations?: string[];
  head?: boolean;
}

/** The headers of an object: type, length, ETag, Last-Modified, caching, disposition; never sniffed, scripts sandboxed. */
function assetHeaders(
  metadata: Partial<ObjectMetadata>,
  row: Pick<ObjectRow, 'updated_at'>,
  length: number,
  o: AssetOptions,
): Headers {
  const headers = new Headers({
    'content-type': servedType(metadata.mimetype),
    'content-length': String(length),
    'accept-ranges': 'bytes',
    'x-robots-tag': 'none',
    // The declared type is the uploader's word: browsers must not second-guess it into HTML or script.
    'x-content-type-options': 'nosniff',
  });
  if (/svg|xml/i.test(metadata.mimetype ?? '')) headers.set('content-security-policy', 'sandbox');
  if (metadata.eTag && isValidHeaderValue(metadata.eTag)) headers.set('etag', metadata.eTag);
  const modified = new Date(metadata.lastModified ?? row.updated_at);
  if (!Number.isNaN(modified.getTime())) headers.set('last-modified', modified.toUTCString());
  if (o.expires !== undefined) headers.set('expires', new Date(o.expires * 1000).toUTCString());
  else
    headers.set(
      'cache-control',
      metadata.cacheControl && isValidHeaderValue(metadata.cacheControl) ? metadata.cacheControl : 'no-cache',
    );
  if (o.transformations?.length) headers.set('x-transformations', o.transformations.join(','));
  if (o.download !== undefined && o.download !== null) {
    const name = encodeURIComponent(o.download);
    headers.set(
      'content-disposition',
      o.download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`,
    );
  }
  return headers;
}

/** A byte range of `size` bytes from a `Range: bytes=a-b` header (Storage's parseRangeHeader), or an error (416). */
function parseRange(range: string, size: number): { from: number; to: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || size <= 0 || (!m[1] && !m[2])) throw errors.invalidRange();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw errors.invalidRange();
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from > to || from >= size)
    throw errors.invalidRange();
  return { from, to: Math.min(to, size - 1) };
}

const body = (bytes: Uint8Array): BodyInit => bytes as unknown as BodyInit;

/** An object's bytes, honouring If-None-Match (304) and a single Range (206). */
export function assetResponse(
  req: Request,
  row: Pick<ObjectRow, 'updated_at'>,
  metadata: Partial<ObjectMetadata>,
  bytes: Uint8Array,
  o: AssetOptions = {},
): Response {
  const headers = assetHeaders(metadata, row, bytes.length, o);
  const etag = headers.get('etag');
  if (etag && req.headers.get('if-none-match') === etag) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  const range = req.headers.get('range');
  if (range) {
    const { from, to } = parseRange(range, bytes.length);
    headers.set('content-range', `bytes ${from}-${to}/${bytes.length}`);
    headers.set('content-length', String(to - from + 1));
    return new Response(o.head ? null : body(bytes.subarray(from, to + 1)), { status: 206, headers });
  }
  return new Response(o.head ? null : body(bytes), { status: 200, headers });
}

/** HEAD of an object (supabase-js `exists()`): its headers from the stored metadata, no bytes read. */
export function headResponse(row: ObjectRow): Response {
  const metadata = row.metadata ?? ({} as Partial<ObjectMetadata>);
  return new Response(null, {
    status: 200,
    headers: assetHeaders(metadata, row, metadata.size ?? metadata.contentLength ?? 0, {}),
  });
}

/** GET /object/info (supabase-js `info()`): Storage's InfoRenderer body. */
export function infoResponse(row: ObjectRow): Response {
  const md = row.metadata ?? ({} as Partial<ObjectMetadata>);
  const headers: Record<string, string> = {};
  if (md.eTag && isValidHeaderValue(md.eTag)) headers.etag = md.eTag;
  if (md.cacheControl && isValidHeaderValue(md.cacheControl)) headers['cache-control'] = md.cacheControl;
  return json(
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: md.size ?? null,
      content_type: md.mimetype ?? null,
      cache_control: md.cacheControl ?? null,
      etag: md.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    200,
    headers,
  );
}
