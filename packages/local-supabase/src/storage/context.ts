import { InvalidJson, readJson } from '../body.ts';
import type { BackendConfig } from '../config.ts';
import { queryAs, withRequestRole, type Database, type Sql } from '../db.ts';
import type { Claims, JwtVerifier } from '../jwt.ts';
import { errors, fromDbError } from './errors.ts';
import type { FileStore } from './files.ts';
import type { ImageRenderer } from './image.ts';
import { isUuid } from './limits.ts';

/** What every Storage handler works with: the database, the object files, the key, the image renderer. */
export interface StorageContext {
  db: Database;
  config: BackendConfig;
  files: FileStore;
  verifier: JwtVerifier;
  images: ImageRenderer;
}

/** Who may call a route: anyone, anyone (a valid JWT is used when sent), a valid JWT, the service role. */
export type Access = 'public' | 'optional' | 'jwt' | 'service_role';

/** One request as a handler sees it: the route's parameters and the caller. */
export interface Call {
  req: Request;
  url: URL;
  /** `:bucket` of the route. */
  bucket: string;
  /** `*` of the route: the object name, decoded. */
  path: string;
  /** The verified claims; anon's when the route is public or the optional token was missing or invalid. */
  claims: Claims;
  authenticated: boolean;
}

export type Handler = (call: Call, ctx: StorageContext) => Promise<Response>;

/** Runs fn in one transaction as the caller's role (RLS decides); database errors become Storage errors. */
export async function asCaller<T>(ctx: StorageContext, call: Call, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    return await withRequestRole(ctx.db, call.claims, fn);
  } catch (err) {
    throw fromDbError(err);
  }
}

/** The caller's role for single statements (each its own transaction, one round trip). */
export function callerSql(ctx: StorageContext, call: Call): Sql {
  return { query: (text, params = []) => queryAs(ctx.db, call.claims, text, params) };
}

/** A database call whose errors become Storage errors. */
export const dbErrors = <T>(work: Promise<T>): Promise<T> =>
  work.catch((err: unknown) => {
    throw fromDbError(err);
  });

/** The database owner (Storage's "super user": RLS does not apply), for what Storage looks up as itself. */
export const asOwner = <T>(ctx: StorageContext, fn: (sql: Sql) => Promise<T>): Promise<T> =>
  dbErrors(fn(ctx.db));

const ROLLBACK = Symbol('rollback');

/**
 * Storage's testPermission: runs fn as the caller and rolls it back, so RLS says whether the write would be
 * allowed (the bytes are not written before).
 */
export async function testPermission(
  ctx: StorageContext,
  call: Call,
  fn: (tx: Sql) => Promise<unknown>,
): Promise<void> {
  try {
    await withRequestRole(ctx.db, call.claims, async (tx) => {
      await fn(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err === ROLLBACK) return;
    throw fromDbError(err);
  }
}

/** The owner Storage records for a writer: the JWT subject, and the uuid column `owner` when the subject is one. */
export function ownerOf(claims: Claims | { owner?: string }): {
  owner: string | null;
  ownerId: string | null;
} {
  const sub = 'sub' in claims ? claims.sub : (claims as { owner?: string }).owner;
  const id = typeof sub === 'string' && sub !== '' ? sub : null;
  return { owner: id && isUuid(id) ? id : null, ownerId: id };
}

/** A JSON request body as an object (an empty body is `{}`); anything else is Storage's validation error. */
export async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await readJson(req);
  } catch (err) {
    if (err instanceof InvalidJson)
      throw errors.invalidRequest(err.tooDeep ? err.message : 'Body is not valid JSON');
    throw err;
  }
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw errors.invalidRequest('body must be object');
  return value as Record<string, unknown>;
}

/** Typed fields of a body, refused with the message Storage's JSON schema gives (`body/<name> must be <type>`). */
export const field = {
  string(body: Record<string, unknown>, name: string, required = false): string | undefined {
    const v = body[name];
    if (v === undefined) {
      if (required) throw errors.invalidRequest(`body must have required property '${name}'`);
      return undefined;
    }
    if (typeof v !== 'string') throw errors.invalidRequest(`body/${name} must be string`);
    return v;
  },
  boolean(body: Record<string, unknown>, name: string): boolean | undefined {
    const v = body[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') throw errors.invalidRequest(`body/${name} must be boolean`);
    return v;
  },
  integer(body: Record<string, unknown>, name: string, min: number): number | undefined {
    const v = body[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v))
      throw errors.invalidRequest(`body/${name} must be integer`);
    if (v < min) throw errors.invalidRequest(`body/${name} must be >= ${min}`);
    return v;
  },
  strings(body: Record<string, unknown>, name: string): string[] | null | undefined {
    const v = body[name];
    if (v === undefined || v === null) return v;
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string'))
      throw errors.invalidRequest(`body/${name} must be array of strings`);
    return v as string[];
  },
  oneOf<T extends string>(body: Record<string, unknown>, name: string, values: readonly T[]): T | undefined {
    const v = field.string(body, name);
    if (v === undefined) return undefined;
    if (!(values as readonly string[]).includes(v))
      throw errors.invalidRequest(`body/${name} must be equal to one of the allowed values`);
    return v as T;
  },
  /** `file_size_limit`: a non-negative whole number of bytes, a size string, or null. */
  sizeLimit(body: Record<string, unknown>, name: string): number | string | null | undefined {
    const v = body[name];
    if (v === undefined || v === null || typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
    throw errors.invalidRequest(`body/${name} must be a non-negative integer or a size such as "5MB"`);
  },
};
