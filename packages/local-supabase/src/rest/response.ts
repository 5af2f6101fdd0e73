import { json } from '../http.ts';
import type { Catalog } from './catalog.ts';
import { Errors } from './errors.ts';
import type { Result } from './execute.ts';
import type { CallPlan } from './planCall.ts';
import type { MutatePlan } from './plan.ts';
import { OBJECT_MIME, type ApiRequest, type Format, type PlanFormat } from './request.ts';

/**
 * Response (PostgREST's Response.hs): status, headers (Content-Range…) and body format (JSON array, single object,
 * CSV) of what a statement answered.
 */

/** The answer of a body of rows: a JSON array, one object (PGRST116 unless exactly one row) or CSV. */
export function rowsResponse(
  result: Result,
  format: Format,
  status: number,
  headers: Record<string, string>,
  head = false,
): Response {
  let body = result.body ?? '[]';
  if (format.object && !format.csv) {
    if (result.n !== 1) throw Errors.singularity(result.n);
    body = unwrapArray(body);
  }
  const type = format.csv ? 'text/csv' : format.object ? OBJECT_MIME : 'application/json';
  return new Response(head ? null : body, {
    status,
    headers: { 'content-type': `${type}; charset=utf-8`, ...headers },
  });
}

/** `[ {...} ]` → `{...}`: the one row of a JSON array. */
const unwrapArray = (body: string): string => body.slice(1, -1);

/**
 * PostgREST's status for a read whose total is known (a count was asked for): 416 when the range starts past the
 * end (PGRST103), 206 when the rows answered are fewer than the total, else 200.
 */
export function rangeStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) throw Errors.rangeNotSatisfiable(offset, total);
  return n < total ? 206 : 200;
}

/** `Content-Range: first-last/total` (`*` for no rows, and for an unknown total). */
const contentRange = (offset: number, n: number, total: number | null | undefined): string =>
  `${n === 0 ? '*' : `${offset}-${offset + n - 1}`}/${total ?? '*'}`;

/**
 * PostgREST's `Preference-Applied`: the recognised preferences it honoured, in its order (resolution, missing, return,
 * count, tx, handling, max-affected); return only on mutations, resolution only on an insert with a conflict target,
 * missing on insert and update, max-affected (with handling=strict) on update, delete and rpc, tx only where
 * db-tx-end allows the override.
 */
export function preferenceApplied(
  request: ApiRequest,
  txOverride: boolean,
  mutation: MutatePlan | null,
): Record<string, string> {
  const p = request.prefer;
  const known = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
    allowed.includes(value as T) ? (value as T) : undefined;
  const action = request.action;
  const resolution =
    mutation?.kind === 'insert' &&
    (mutation.table.primaryKey.length > 0 || request.query.onConflict !== undefined)
      ? known(p.resolution, ['merge-duplicates', 'ignore-duplicates'])
      : undefined;
  const missing =
    action === 'insert' || action === 'update' ? known(p.missing, ['default', 'null']) : undefined;
  const ret = mutation ? known(p.return, ['representation', 'minimal', 'headers-only']) : undefined;
  const handling = known(p.handling, ['strict', 'lenient']);
  const maxAffected =
    handling === 'strict' && (action === 'update' || action === 'delete' || action === 'call')
      ? request.maxAffected
      : null;
  const values = [
    resolution && `resolution=${resolution}`,
    missing && `missing=${missing}`,
    ret && `return=${ret}`,
    known(p.count, ['exact', 'planned', 'estimated']) && `count=${p.count}`,
    txOverride && known(p.tx, ['commit', 'rollback']) && `tx=${p.tx}`,
    handling && `handling=${handling}`,
    maxAffected !== null && `max-affected=${maxAffected}`,
  ].filter((v): v is string => typeof v === 'string');
  return values.length ? { 'preference-applied': values.join(', ') } : {};
}

export function readResponse(
  request: ApiRequest,
  result: Result,
  applied: Record<string, string> = {},
): Response {
  const offset = request.query.root.offset ?? 0;
  const headers = { 'content-range': contentRange(offset, result.n, result.total), ...applied };
  return rowsResponse(
    result,
    request.format,
    rangeStatus(offset, result.n, result.total ?? null),
    headers,
    request.head,
  );
}

/**
 * A mutation: 201 for an insert (200 for an upsert that only updated), 200 or 204 (without representation) for
 * update and delete; with a count, Content-Range gives the affected rows as the total.
 */
export function mutateResponse(
  request: ApiRequest,
  plan: MutatePlan,
  result: Result,
  applied: Record<string, string> = {},
): Response {
  const representation = request.prefer.return === 'representation';
  const status =
    plan.kind === 'insert'
      ? plan.merge && result.n > 0 && result.inserted === 0
        ? 200
        : 201
      : representation
        ? 200
        : 204;
  const headers: Record<string, string> = { ...applied };
  if (request.prefer.count) headers['content-range'] = `*/${result.n}`;
  if (!representation) return new Response(null, { status, headers });
  return rowsResponse(result, request.format, status, headers);
}

/**
 * An rpc: 204 for void; a function of one row answers an object (null for none); a set answers an array with its
 * Content-Range (the total with a count), a scalar its value.
 */
export function callResponse(
  request: ApiRequest,
  plan: CallPlan,
  result: Result,
  applied: Record<string, string> = {},
): Response {
  if (plan.returns === 'void') return new Response(null, { status: 204, headers: applied });
  const single = plan.returns === 'rows' && !plan.fn.returnsSet;
  let range: string | null = null;
  if (!plan.fn.returnsSet && request.prefer.count) range = '0-0/1';
  if (plan.fn.returnsSet) range = contentRange(request.query.root.offset ?? 0, result.n, result.total);
  if (single && result.body) result = { ...result, body: result.n === 0 ? 'null' : unwrapArray(result.body) };
  const format = { ...request.format, object: request.format.object && !single };
  return rowsResponse(
    result,
    format,
    200,
    range ? { 'content-range': range, ...applied } : applied,
    request.head,
  );
}

/** A statement's plan (`Accept: application/vnd.pgrst.plan…`): 200, the plan's media type as PostgREST spells it. */
export function planResponse(request: ApiRequest, plan: PlanFormat, body: string): Response {
  return new Response(request.head ? null : body, {
    status: 200,
    headers: { 'content-type': `${plan.mime}; charset=utf-8` },
  });
}

/** GET on the root: the schema's tables as a minimal OpenAPI document. */
export function rootResponse(cat: Catalog): Response {
  return json({
    swagger: '2.0',
    info: { title: 'local-supabase' },
    paths: Object.fromEntries([...cat.tables.keys()].map((t) => [`/${t}`, {}])),
  });
}
