/**
 * postgres_changes subscription parameters as Realtime parses them
 * (Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params), and the SQL predicate of a filter.
 * Pure: no database here.
 */

import { quoteIdent } from '../text.ts';

export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  /** Unquoted; `in` lists as a PostgreSQL array literal `{a,b}`. */
  value: string;
  negate: boolean;
}

export type Action = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface SubscriptionParams {
  action: Action;
  schema: string;
  table: string;
  filters: Filter[];
  select: string[] | null;
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string };

function actionOf(event: unknown): Action {
  if (typeof event !== 'string') return '*';
  const up = event.toUpperCase();
  return up === 'INSERT' || up === 'UPDATE' || up === 'DELETE' ? up : '*';
}

/** Splits on commas outside double quotes and parentheses. */
function splitTopLevel(filter: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[++i];
        prev = filter[i]!;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
    } else if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
      current += ch;
    } else if (ch === '(') {
      depth++;
      current += ch;
    } else if (ch === ')') {
      depth = Math.max(0, depth - 1);
      current += ch;
    } else if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
      prev = '';
      continue;
    } else {
      current += ch;
    }
    prev = ch;
  }
  out.push(current);
  return out;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let acc = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      acc += value[++i];
    } else if (ch === '"') {
      return i === value.length - 1 ? acc : value;
    } else acc += ch;
  }
  return value;
}

/** Elixir's `inspect` of a list of strings, used in Realtime's error messages. */
const inspectList = (items: string[]): string => `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;

function parseSegment(segment: string): { ok: true; filter: Filter } | { ok: false; error: string } {
  const trimmed = segment.trim();
  if (trimmed === '')
    return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, error: inspectList([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, error: inspectList([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) return { ok: false, error: inspectList([op, value]) };
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')'))
      return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
    return { ok: true, filter: { column, op, value: `{${value.slice(1, -1)}}`, negate } };
  }
  return { ok: true, filter: { column, op: op as FilterOp, value: unquote(value), negate } };
}

function parseFilters(filter: string): { ok: true; filters: Filter[] } | { ok: false; error: string } {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const r = parseSegment(segment);
    if (!r.ok) return r;
    filters.push(r.filter);
  }
  return { ok: true, filters };
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Elixir-ish rendering of the params map for the "No subscription params" error. */
function inspectParams(params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(
    ([k, v]) => `${JSON.stringify(k)} => ${JSON.stringify(v) ?? 'nil'}`,
  );
  return `%{${parts.join(', ')}}`;
}

export function parseSubscriptionParams(params: Record<string, unknown>): ParseResult {
  const action = actionOf(params.event);
  let select: string[] | null = null;
  if ('select' in params && params.select !== undefined && params.select !== null) {
    if (Array.isArray(params.select)) {
      const cols = params.select.filter(isString);
      select = cols.length ? cols : null;
    } else if (isString(params.select)) {
      return {
        ok: false,
        error:
          'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
      };
    }
  }
  const has = (k: string) => k in params && params[k] !== undefined;
  const ok = (schema: string, table: string, filters: Filter[]): ParseResult => {
    if (select && (schema === '*' || table === '*'))
      return {
        ok: false,
        error:
          'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
      };
    return { ok: true, params: { action, schema, table, filters, select } };
  };
  const { schema, table, filter } = params;
  if (isString(schema) && isString(table) && isString(filter)) {
    const parsed = parseFilters(filter);
    if (!parsed.ok) return { ok: false, error: `Error parsing \`filter\` params: ${parsed.error}` };
    return ok(schema, table, parsed.filters);
  }
  if (isString(schema) && isString(table) && !has('filter')) return ok(schema, table, []);
  if (isString(schema) && !has('table') && !has('filter')) return ok(schema, '*', []);
  if (isString(table) && !has('schema') && !has('filter')) return ok('public', table, []);
  if (has('user_token') || has('auth_token'))
    return {
      ok: false,
      error:
        'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: <redacted>',
    };
  return {
    ok: false,
    error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${inspectParams(params)}`,
  };
}

/** Realtime's rendering of the parameters in its subscription errors: `event: *, schema: public, …`. */
export function paramsToLog(p: SubscriptionParams): string {
  const filters = `[${p.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`).join(', ')}]`;
  const select = p.select ? inspectList(p.select) : 'nil';
  return `event: ${p.action}, schema: ${p.schema}, table: ${p.table}, filters: ${filters}, select: ${select}`;
}

/** A stable id for a subscription's parameters (Realtime uses :erlang.phash2, a 27-bit integer). */
export function paramsId(raw: unknown): number {
  const text = JSON.stringify(raw);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7ffffff;
}

/**
 * A SQL predicate over the row `r` (typed by jsonb_populate_record) for one filter, with its value bound as
 * parameter `$n` and cast to the column type. NULL never matches, as in Realtime.
 */
export function filterPredicate(f: Filter, columnType: string, param: number): string {
  const col = `r.${quoteIdent(f.column)}`;
  const v = `$${param}::${columnType}`;
  let expr: string;
  switch (f.op) {
    case 'is': {
      const keyword =
        ({ null: 'NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as Record<string, string>)[
          f.value
        ] ?? 'NULL';
      return `(${col} IS ${f.negate ? 'NOT ' : ''}${keyword})`;
    }
    case 'isdistinct':
      return `(${col} IS ${f.negate ? 'NOT ' : ''}DISTINCT FROM ${v})`;
    case 'in':
      expr = `${col} = any($${param}::${columnType}[])`;
      break;
    default: {
      const symbol = {
        eq: '=',
        neq: '<>',
        lt: '<',
        lte: '<=',
        gt: '>',
        gte: '>=',
        like: 'LIKE',
        ilike: 'ILIKE',
        match: '~',
        imatch: '~*',
      }[f.op];
      expr = `${col} ${symbol} ${v}`;
    }
  }
  return f.negate ? `coalesce(not (${expr}), false)` : `coalesce(${expr}, false)`;
}
