import { errors } from './errors.ts';

/** The server's upload limit (Supabase CLI default `[storage] file_size_limit = "50MiB"`); buckets may set less. */
export const STORAGE_MAX_BODY = 50 * 1024 * 1024;

/** Storage's limit on objects per bulk request (delete, signed URLs). */
export const MAX_OBJECTS_PER_REQUEST = 1000;

/** Custom metadata (`metadata` form field or `x-metadata` header) at most this many bytes, as Storage. */
export const MAX_USER_METADATA_BYTES = 1024 * 1024;

/** Storage's object-key characters (S3-safe): supabase/storage src/storage/limits.ts. */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/**
 * An object name Storage accepts (its character set, at most 1,024 bytes), and also none of the path forms a
 * client would normalise differently: no '.'/'..' or empty segments, no leading slash.
 */
export function mustBeValidKey(name: string): void {
  const bad =
    name === '' ||
    name.length > 1024 ||
    !VALID_OBJECT_KEY.test(name) ||
    name.startsWith('/') ||
    name.split('/').some((seg) => seg === '.' || seg === '..' || seg === '');
  if (bad) throw errors.invalidKey(name);
}

/** A bucket name as Storage accepts it (1–100 of its characters); '.' and '..' are refused (they name folders). */
export function mustBeValidBucketName(id: string): void {
  if (id === '' || id.length > 100 || !VALID_BUCKET_NAME.test(id) || id === '.' || id === '..')
    throw errors.invalidBucketName();
}

/** '1mb', '1.5GB', '30kb', '3b' → bytes, as Storage's parseFileSizeToBytes (decimal units, three significant digits). */
export function parseFileSize(text: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!m) throw errors.invalidFileSizeLimit();
  const value = Number(Number.parseFloat(m[1]!).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[m[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.floor(value * unit);
}

/** A bucket's file_size_limit from a request body: null, whole bytes or a size string; at most the server's limit. */
export function parseBucketSizeLimit(value: number | string | null): number | null {
  if (value === null) return null;
  const bytes = typeof value === 'string' ? parseFileSize(value) : value;
  if (bytes > STORAGE_MAX_BODY) throw errors.entityTooLarge();
  return bytes;
}

/** Storage's check of a bucket's allowed_mime_types entries. */
export function mustBeValidMimePatterns(types: string[]): void {
  for (const t of types)
    if (
      t.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.*]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)
    )
      throw errors.invalidMimeType(t);
}

/** Storage's validateMimeType: `type/subtype` equal, or `type/*`. */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, sub] = mimeType.split('/');
  if (sub === undefined) throw errors.invalidMimeType(mimeType);
  for (const pattern of allowed) {
    const [aType, aSub] = pattern.split('/');
    if (aType === type && (aSub === '*' || aSub === sub)) return;
  }
  throw errors.invalidMimeType(mimeType);
}

/** A header value Node can send: visible ASCII, spaces and tabs only (no CR/LF or other control characters). */
export const isValidHeaderValue = (v: string): boolean => /^[\t\x20-\x7e]*$/.test(v);

/** Storage's `.emptyFolderPlaceholder` objects (the dashboard's empty folders) are exempt from type and size limits. */
export const isEmptyFolder = (name: string): boolean => name.endsWith('.emptyFolderPlaceholder');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** Seconds a signed URL may live, as Storage's assertValidNumericJWTExpiration (whole seconds, ≥ 1). */
export function mustBeValidExpiry(expiresIn: unknown): number {
  const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? Math.floor(expiresIn) : NaN;
  const max = Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > max)
    throw errors.invalidParameter('expiresIn');
  return seconds;
}
