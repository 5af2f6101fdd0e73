/** An error answered in PostgREST's shape: { code, message, details, hint } with its HTTP status. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public details: unknown = null,
    public hint: string | null = null,
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** One entry of PGRST201's `details`: a relationship that matched an embed. */
export interface AmbiguousEmbedding {
  cardinality: string;
  embedding: string;
  relationship: string;
}

/**
 * Every error the REST layer answers by itself, by name, with PostgREST's codes, messages, details and hints
 * (PostgREST's Error.hs `ApiRequestError`/`SchemaCacheError`); database errors go through `fromPgError`.
 */
export const Errors = {
  /** PGRST100: a query parameter, header or filter that does not parse. */
  parse: (what: string, details: string): ApiError =>
    new ApiError(400, 'PGRST100', `failed to parse ${what}`, details),
  /** PGRST100 for `Prefer: max-affected` that is no count. */
  preferMaxAffected: (raw: string): ApiError =>
    new ApiError(
      400,
      'PGRST100',
      `failed to parse Prefer header (max-affected=${raw})`,
      'expected a non-negative integer',
    ),
  /** PGRST101: rpc by a method other than GET, HEAD or POST. */
  rpcMethod: (method: string): ApiError =>
    new ApiError(405, 'PGRST101', 'Cannot use the ' + method + ' method on RPC'),
  /** PGRST102: a body that is empty or not JSON (details: why, when it is JSON nested too deep). */
  invalidBody: (details: string | null = null): ApiError =>
    new ApiError(400, 'PGRST102', 'Empty or invalid json', details),
  /** PGRST102: an insert body whose rows are not all objects. */
  keysMismatch: (): ApiError => new ApiError(400, 'PGRST102', 'All object keys must match'),
  /** PGRST103: a range that starts past the end of the rows. */
  rangeNotSatisfiable: (offset: number, total: number): ApiError =>
    new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  /** PGRST103 (as answered here): an upsert with no conflict target (no `on_conflict`, no primary key). */
  noConflictTarget: (): ApiError => new ApiError(400, 'PGRST103', 'on_conflict requires a unique column'),
  /** PGRST106: Accept-Profile/Content-Profile names a schema not in `[api] schemas`. */
  unacceptableSchema: (schemas: string[]): ApiError =>
    new ApiError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${schemas.join(', ')}`,
      null,
      null,
    ),
  /** PGRST107: no accepted media type can be produced (`application/vnd.pgrst.plan` while db-plan-enabled is off). */
  mediaTypeUnavailable: (mimes: string[]): ApiError =>
    new ApiError(406, 'PGRST107', `None of these media types are available: ${mimes.join(', ')}`),
  /** PGRST116: `Accept: application/vnd.pgrst.object+json` on a result of other than one row. */
  singularity: (rows: number): ApiError =>
    new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  /** PGRST117: a method the table endpoint does not take. */
  unsupportedMethod: (method: string): ApiError =>
    new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  /** PGRST123: an aggregate while `db-aggregates-enabled` is off. */
  aggregatesNotAllowed: (): ApiError =>
    new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  /** PGRST124: `Prefer: handling=strict, max-affected=N` exceeded (the transaction is rolled back). */
  maxAffected: (rows: number): ApiError =>
    new ApiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`,
    ),
  /** PGRST200: no relationship between the two tables (with the hint when one was given). */
  notFoundRelationship: (
    parent: string,
    name: string,
    hint: string | undefined,
    schema: string,
    suggestion: string | null = null,
  ): ApiError =>
    new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  /** PGRST201: more than one relationship matches; `hints` are the `name!hint` spellings that would choose one. */
  ambiguousRelationship: (
    parent: string,
    name: string,
    details: AmbiguousEmbedding[],
    hints: string[],
  ): ApiError =>
    new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${name}'`,
      details,
      `Try changing '${name}' to one of the following: ${hints.map((h) => `'${name}!${h}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /** PGRST202: no function of that name takes these arguments. */
  notFoundFunction: (
    schema: string,
    name: string,
    keys: string[],
    isPost: boolean,
    suggestion: string | null = null,
  ): ApiError => {
    const sorted = [...keys].sort();
    const withParams =
      sorted.length === 0
        ? ' without parameters'
        : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
    return new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`,
      `Searched for the function ${schema}.${name}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      suggestion,
    );
  },
  /** PGRST203: several overloads match; `signatures` as `schema.fn(a => type, …)`. */
  ambiguousFunction: (signatures: string[]): ApiError =>
    new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  /** PGRST204: a body's key that is no column of the table. */
  notFoundColumn: (column: string, table: string): ApiError =>
    new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  /** PGRST205: no such table or view in the exposed schema. */
  notFoundTable: (schema: string, name: string, suggestion: string | null = null): ApiError =>
    new ApiError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      suggestion,
    ),
  /** PGRST301: a bearer token that does not verify. */
  jwt: (message: string): ApiError => new ApiError(401, 'PGRST301', message),
  /** 42703, as PostgreSQL answers for a column the table lacks (checked against the schema cache before running). */
  undefinedColumn: (table: string, column: string): ApiError =>
    new ApiError(400, '42703', `column ${table}.${column} does not exist`),
  /** 42704, as PostgreSQL answers a cast to a type it does not know. */
  undefinedType: (name: string): ApiError => new ApiError(400, '42704', `type "${name}" does not exist`),
  /** 54000 (Supabase's pg_plan_filter): the plan's estimated cost is over the role's limit. */
  costLimit: (limit: number): ApiError =>
    new ApiError(
      400,
      '54000',
      'plan cost limit exceeded',
      null,
      `The plan for your query shows that it would probably have an execution cost above ${limit}.`,
    ),
  /** 54000: the plan's estimated answer is larger than the role's limit. */
  answerSizeLimit: (bytes: number): ApiError =>
    new ApiError(
      400,
      '54000',
      'answer size limit exceeded',
      null,
      `The plan for your query shows that its answer would probably be larger than ${bytes} bytes: select fewer columns or levels, or page with limit.`,
    ),
};

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/**
 * PostgREST's mapping from SQLSTATE to HTTP status (Error.hs `mapSQLtoHTTP`), with two departures so that no request
 * answers 500: a statement stopped by its timeout (57014) and an engine restarted under it (57P01) are 503, and
 * "statement too complex" (54xxx) is the request's fault, 400.
 */
export function statusOf(code: string, message: string, authed: boolean): number {
  if (code === '57014' || code === '57P01') return 503;
  if (code.startsWith('54')) return 400;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (/^(25|2D|38|39|3B|40|55|57|58|F0|HV|XX)/.test(code)) return 500;
  if (code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0')) return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  const pt = /^PT(\d{3})$/.exec(code);
  if (pt) return Number(pt[1]);
  return 400;
}

/** A database error in PostgREST's shape, with its status. */
export function fromPgError(err: unknown, role: string): ApiError {
  const e = err as PgError;
  // An error without a SQLSTATE is not the database's: the engine itself failed.
  const code = e.code ?? 'XX000';
  const message = e.message ?? String(err);
  return new ApiError(
    statusOf(code, message, role !== 'anon'),
    code,
    message,
    e.detail ?? null,
    e.hint ?? null,
  );
}
