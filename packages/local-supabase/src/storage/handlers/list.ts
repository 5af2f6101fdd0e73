/** POST /object/list and /object/list-v2: supabase-js `list()` and `listV2()`, under RLS. */
import { json } from '../../http.ts';
import { callerSql, dbErrors, field, jsonBody, type Handler } from '../context.ts';
import { errors } from '../errors.ts';
import { mustBeValidBucketName } from '../limits.ts';
import { listLevel, listPage, type ListV2Cursor } from '../store.ts';

/** The `sortBy` object of a list body: `{ column, order }`, column required, each from Storage's allowed values. */
function sortBy<C extends string>(
  body: Record<string, unknown>,
  columns: readonly C[],
): { column?: C; order?: 'asc' | 'desc' } {
  const value = body.sortBy;
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw errors.invalidRequest('body/sortBy must be object');
  const s = value as Record<string, unknown>;
  if (s.column === undefined) throw errors.invalidRequest("body/sortBy must have required property 'column'");
  const column = field.oneOf(s, 'column', columns);
  const order = field.oneOf(s, 'order', ['asc', 'desc'] as const);
  return { column, order };
}

export const listObjects: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  let prefix = field.string(body, 'prefix', true)!;
  const limit = field.integer(body, 'limit', 1) ?? 100;
  const offset = field.integer(body, 'offset', 0) ?? 0;
  const search = field.string(body, 'search') ?? '';
  const sort = sortBy(body, ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const);
  // A prefix names a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const rows = await dbErrors(
    listLevel(callerSql(ctx, call), call.bucket, {
      prefix,
      search,
      limit: Math.min(limit, 1500),
      offset,
      column: sort.column ?? 'name',
      order: sort.order ?? 'asc',
    }),
  );
  return json(rows);
};

/** Storage's continuation token: base64 of `l:<name>`, `o:<order>`, `c:<column>`, `a:<date>` lines. */
const TOKEN_PARTS = { l: 'startAfter', o: 'sortOrder', c: 'sortColumn', a: 'sortColumnAfter' } as const;
type Token = { startAfter: string; sortOrder?: string; sortColumn?: string; sortColumnAfter?: string };

function encodeCursor(t: Token): string {
  const lines = Object.entries(TOKEN_PARTS)
    .filter(([, key]) => t[key])
    .map(([k, key]) => `${k}:${t[key]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(cursor: string): Token {
  const t: Token = { startAfter: '', sortOrder: 'asc' };
  for (const line of Buffer.from(cursor, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)/.exec(line);
    if (!m || !(m[1]! in TOKEN_PARTS)) throw errors.invalidParameter('continuation token');
    t[TOKEN_PARTS[m[1] as keyof typeof TOKEN_PARTS]] = m[2]!;
  }
  return t;
}

export const listObjectsV2: Handler = async (call, ctx) => {
  mustBeValidBucketName(call.bucket);
  const body = await jsonBody(call.req);
  const prefix = field.string(body, 'prefix') ?? '';
  const limit = Math.min(field.integer(body, 'limit', 1) ?? 1000, 1000);
  const cursorText = field.string(body, 'cursor');
  const delimiter = field.boolean(body, 'with_delimiter') ?? false;
  const sort = sortBy(body, ['name', 'updated_at', 'created_at'] as const);
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  const column = ((cursor?.sortColumn || sort.column) ?? 'name') as 'name' | 'created_at' | 'updated_at';
  if (!['name', 'created_at', 'updated_at'].includes(column))
    throw errors.invalidParameter('continuation token');
  const order = (cursor?.sortOrder || sort.order) === 'desc' ? 'desc' : 'asc';
  const after: ListV2Cursor | undefined = cursor
    ? { startAfter: cursor.startAfter, sortColumnAfter: cursor.sortColumnAfter }
    : undefined;
  const rows = await dbErrors(
    listPage(callerSql(ctx, call), call.bucket, { prefix, delimiter, limit, column, order, after }),
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders = [];
  const objects = [];
  for (const { grp, sort_value: _sortValue, key, ...entry } of page) {
    const item = delimiter ? { key, ...entry } : entry;
    if (grp === 0) folders.push(item);
    else objects.push(item);
  }
  const last = page[page.length - 1];
  return json({
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            startAfter: last.name,
            sortOrder: sort.order ?? cursor?.sortOrder,
            sortColumn: cursor?.sortColumn || sort.column,
            sortColumnAfter: column !== 'name' && last.grp === 1 ? (last.sort_value ?? undefined) : undefined,
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders,
    objects,
  });
};
