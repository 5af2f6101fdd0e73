import { errors } from './errors.ts';
import {
  isEmptyFolder,
  isValidHeaderValue,
  MAX_USER_METADATA_BYTES,
  mustBeAllowedMimeType,
  STORAGE_MAX_BODY,
} from './limits.ts';

/** An upload as read from a request: the bytes and what Storage keeps about them. */
export interface Upload {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  /** Custom metadata (`metadata` form field or base64 JSON `x-metadata` header); Storage keeps `{}` when none. */
  userMetadata: Record<string, unknown>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The custom metadata text of an upload: JSON, at most 1 MiB; text that is not a JSON object is ignored, as Storage does. */
function parseUserMetadata(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  if (Buffer.byteLength(text, 'utf8') > MAX_USER_METADATA_BYTES) throw errors.entityTooLarge('user_metadata');
  try {
    const value = JSON.parse(text) as unknown;
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** `x-metadata`: base64 of the JSON (Storage's parseUserMetadata). */
export function metadataHeader(value: string | null): Record<string, unknown> {
  return value ? parseUserMetadata(Buffer.from(value, 'base64').toString('utf8')) : {};
}

function cacheControlOf(value: string): string {
  if (!isValidHeaderValue(value) || value.length > 1024)
    throw errors.invalidRequest('Invalid cache-control: control characters are not allowed');
  return value;
}

/**
 * Reads an upload as Storage's fileUploadFromRequest: a multipart form (its first file; `cacheControl` in seconds,
 * `contentType` overriding the part's type, `metadata` as JSON) or the raw body (`Content-Type`, `Cache-Control`,
 * `x-metadata`). Checks the bucket's size and type limits; `.emptyFolderPlaceholder` objects must be empty instead.
 */
export async function readUpload(
  req: Request,
  bucket: { file_size_limit: number | null; allowed_mime_types: string[] | null },
  objectName: string,
): Promise<Upload> {
  const placeholder = isEmptyFolder(objectName);
  const maxSize = placeholder ? 0 : Math.min(STORAGE_MAX_BODY, bucket.file_size_limit ?? STORAGE_MAX_BODY);
  const contentType = req.headers.get('content-type') ?? '';
  let upload: Upload;
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw errors.noContent();
    }
    let file: Blob | null = null;
    for (const [, value] of form.entries()) if (typeof value !== 'string' && !file) file = value;
    if (!file) throw errors.noContent();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    const seconds = field('cacheControl');
    upload = {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: field('contentType') || file.type || 'text/plain',
      cacheControl: cacheControlOf(seconds ? `max-age=${seconds}` : 'no-cache'),
      userMetadata: parseUserMetadata(field('metadata') ?? field('userMetadata')),
    };
  } else {
    upload = {
      bytes: new Uint8Array(await req.arrayBuffer()),
      mimetype: contentType || 'application/octet-stream',
      cacheControl: cacheControlOf(req.headers.get('cache-control') ?? 'no-cache'),
      userMetadata: metadataHeader(req.headers.get('x-metadata')),
    };
  }
  if (!placeholder) mustBeAllowedMimeType(upload.mimetype, bucket.allowed_mime_types);
  if (upload.bytes.byteLength > maxSize) throw errors.entityTooLarge();
  return upload;
}
