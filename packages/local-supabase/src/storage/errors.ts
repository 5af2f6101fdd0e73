import { json } from '../http.ts';

/**
 * A Storage API error as supabase/storage renders it: `{ statusCode, code, error, message }` with the specific
 * status in `statusCode` (a string) and HTTP 400 for every client error — 500 only for the server's own faults, and
 * an explicit HTTP status where Storage sets one (403 for a wrong role, 416 for a bad range, 544 for a timeout).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    message: string,
    readonly error: string = code,
    readonly http: number = statusCode === '500' ? 500 : 400,
  ) {
    super(message);
  }

  response(): Response {
    return json(
      { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message },
      this.http,
    );
  }
}

/** The error catalogue: one constructor per case, named as Storage names them (src/internal/errors/codes.ts). */
export const errors = {
  noSuchBucket: () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchUpload: () => new StorageError('404', 'NoSuchUpload', 'Upload not found'),
  routeNotFound: (method: string, url: string) =>
    new StorageError('404', 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
  invalidKey: (key: string) => new StorageError('400', 'InvalidKey', `Invalid key: ${printable(key)}`),
  invalidBucketName: () =>
    new StorageError('400', 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', message),
  invalidParameter: (name: string, message = `Invalid Parameter ${name}`) =>
    new StorageError('400', 'InvalidParameter', message),
  invalidMimeType: (type: string) =>
    new StorageError(
      '415',
      'InvalidMimeType',
      `mime type ${printable(type)} is not supported`,
      'invalid_mime_type',
    ),
  invalidFileSizeLimit: () =>
    errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      '413',
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  noContent: () => errors.invalidRequest('No content provided'),
  accessDenied: (message = 'Access denied', http?: number) =>
    new StorageError('403', 'AccessDenied', message, 'Unauthorized', http),
  rlsDenied: () => errors.accessDenied('new row violates row-level security policy'),
  resourceAlreadyExists: () =>
    new StorageError('409', 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError('409', 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError('409', 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('409', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError('400', 'InvalidSignature', message),
  expiredSignature: () => new StorageError('400', 'ExpiredToken', 'The provided token has expired.'),
  invalidRange: () => new StorageError('416', 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  imageProcessing: (message: string) => new StorageError('400', 'InvalidRequest', message),
  relatedResourceNotFound: () =>
    new StorageError('404', 'InvalidRequest', 'The related resource does not exist'),
  resourceReferenced: () =>
    new StorageError(
      '409',
      'ResourceReferenced',
      'The resource could not be updated or removed due to a foreign key constraint',
    ),
  databaseTimeout: () =>
    new StorageError(
      '544',
      'DatabaseTimeout',
      'The connection to the database timed out',
      'DatabaseTimeout',
      544,
    ),
  internal: () => new StorageError('500', 'InternalError', 'Internal Server Error', 'Internal'),
};

// eslint-disable-next-line no-control-regex -- the characters an error message must not echo back
const controls = /[\u0000-\u001f\u007f]/g;
/** Client text echoed in a message: control characters replaced, length bounded. */
const printable = (text: string): string => text.slice(0, 200).replace(controls, '?');

/**
 * A database error as Storage maps it (src/storage/database/errors.ts). Constraint and data errors come from what
 * the client sent, so they are 4xx here (no input may produce a 500); anything else is the server's fault.
 */
export function fromDbError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  const e = err as { code?: string; message?: string; detail?: string };
  switch (e.code) {
    case '42501':
      return errors.rlsDenied();
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return e.detail?.includes('is still referenced')
        ? errors.resourceReferenced()
        : errors.relatedResourceNotFound();
    case '57014':
      return errors.databaseTimeout();
  }
  if (e.code?.startsWith('22') || e.code?.startsWith('23'))
    return errors.invalidParameter('value', 'Invalid value format or type conversion failed');
  return errors.internal();
}
