import type { Catalog, TableInfo } from './catalog.ts';
import type { Prefer } from './parse.ts';
import type { CallPlan } from './planCall.ts';
import type { MutatePlan, ReadNode } from './plan.ts';
import { Builder, q } from './query.ts';
import type { Format, Level } from './request.ts';

/** The statements of each action (PostgREST's Statements.hs): a read, a count, a call, a mutation, and the body. */

/** A string literal of a catalogue name (never of request text). */
const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** A statement: `rows` answers one row of { body, n[, total][, inserted] }; `write` answers only affected rows. */
export interface Statement {
  sql: string;
  params: unknown[];
  kind: 'rows' | 'write';
}

/**
 * The statement that renders rows of `inner` as the response body, as PostgREST does: a JSON array (nulls stripped
 * on request) or CSV (a header of the first row's keys, then each row as PostgreSQL's record text).
 */
export function bodySql(inner: string, format: Format, extra = ''): string {
  const body = format.csv
    ? `coalesce((select string_agg(_k, ',') from json_object_keys(json_agg(_r) -> 0) _k), '') || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')`
    : format.stripNulls
      ? `json_strip_nulls(coalesce(json_agg(_r), '[]'::json))::text`
      : `coalesce(json_agg(_r), '[]'::json)::text`;
  return `select ${body} as body, count(*)::int as n${extra} from (${inner}) _r`;
}

/**
 * `jsonb_build_object('col', <default>, …)` of the listed columns that have a default (PostgreSQL's own expressions
 * from the schema cache), in groups of 50 pairs (a function takes at most 100 arguments).
 */
function defaultsObject(table: TableInfo, cols: string[]): string {
  const pairs = cols.flatMap((c) => {
    const expr = table.defaults?.get(c);
    return expr === undefined ? [] : [`${literal(c)}, (${expr})`];
  });
  const groups: string[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    groups.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return groups.length ? groups.join(' || ') : `'{}'::jsonb`;
}

/** The rows a mutation returns, read through the request's select. */
function returningSql(b: Builder, node: ReadNode, source: string): string {
  const lv = b.level(node, '_t');
  return `select ${lv.list} from ${source} as _t${lv.joins}${lv.groupBy}`;
}

const from = (cat: Catalog, table: TableInfo): string => `${q(cat.schema)}.${q(table.name)}`;

/**
 * A read of a table: the body and, for `count=exact` (or `estimated`, counted up to `max_rows` + 1), the total.
 */
export function readStatement(
  cat: Catalog,
  node: ReadNode,
  format: Format,
  count: Prefer['count'],
  maxRows: number | null,
): Statement {
  const b = new Builder(cat, maxRows);
  const whereSql = b.filter(node, '_t');
  const lv = b.level(node, '_t');
  const inner = `select ${lv.list} from ${from(cat, node.table)} as _t${lv.joins}${whereSql}${lv.groupBy}${b.paging(node, '_t')}`;
  const counted = count === 'estimated' && maxRows !== null ? ` limit ${maxRows + 1}` : '';
  const total =
    count === 'exact' || count === 'estimated'
      ? `, (select count(*) from (select 1 from ${from(cat, node.table)} as _t${whereSql}${counted}) _c)::int as total`
      : '';
  return { sql: bodySql(inner, format, total), params: b.params, kind: 'rows' };
}

/** The rows a read's filters select, for the planner's estimate (`count=planned`). */
export function countStatement(cat: Catalog, node: ReadNode): Statement {
  const b = new Builder(cat, null);
  return {
    sql: `select 1 from ${from(cat, node.table)} as _t${b.filter(node, '_t')}`,
    params: b.params,
    kind: 'rows',
  };
}

/** A function call: `schema.fn(name => $1::type, …)`. */
function callSql(cat: Catalog, b: Builder, plan: CallPlan): string {
  const fn = `${q(cat.schema)}.${q(plan.fn.name)}`;
  if (plan.wholeBody) return `${fn}(${b.param(JSON.stringify(plan.wholeBody.body))}::${plan.wholeBody.type})`;
  const args = plan.args.map((a) => {
    // An unnamed parameter (the only one, see findFunction) is passed by position.
    const name = a.name === '' ? '' : `${q(a.name)} => `;
    return a.form === 'row'
      ? `${name}json_populate_record(null::${a.type}, ${b.param(a.value)}::json)`
      : `${name}${b.param(a.value)}::${a.type}`;
  });
  return `${fn}(${args.join(', ')})`;
}

/** An rpc: the call, and the read over what it returns (with the total when a count is asked of a set). */
export function callStatement(
  cat: Catalog,
  plan: CallPlan,
  root: Level,
  format: Format,
  count: boolean,
  maxRows: number | null,
): Statement {
  const b = new Builder(cat, maxRows);
  const call = callSql(cat, b, plan);
  const returnsSet = plan.fn.returnsSet;
  let sql: string;
  if (plan.returns === 'void') sql = `select ${call}::text as body, 0 as n`;
  else if (plan.returns === 'rows') {
    const node = plan.node!;
    const lv = b.level(node, '_f');
    const where = b.filter(node, '_f');
    const total = count && returnsSet ? `, (select count(*) from ${call} as _f${where})::int as total` : '';
    sql = bodySql(
      `select ${lv.list} from ${call} as _f${lv.joins}${where}${lv.groupBy}${b.paging(node, '_f')}`,
      format,
      total,
    );
  } else if (plan.returns === 'setof-scalar') {
    // SETOF a scalar: an array of the values.
    const total = count ? `, (select count(*) from ${call} as _f)::int as total` : '';
    sql = `select coalesce(json_agg(_f), '[]'::json)::text as body, count(*)::int as n${total} from (select _f from ${call} as _f${b.limits(root)}) _r`;
  } else sql = `select to_json(${call})::text as body, 1 as n`;
  return { sql, params: b.params, kind: 'rows' };
}

/**
 * A mutation; with `representation`, the affected rows read back through the request's select (embeds included).
 * Null when there is nothing to run (a PATCH of no columns).
 */
export function mutateStatement(
  cat: Catalog,
  plan: MutatePlan,
  format: Format,
  representation: boolean,
): Statement | null {
  const b = new Builder(cat, null);
  const table = from(cat, plan.table);
  const outer = (source: string, extra = '') =>
    bodySql(returningSql(b, plan.returning, source), format, extra);
  const rows = (sql: string): Statement => ({ sql, params: b.params, kind: 'rows' });
  const write = (sql: string): Statement => ({ sql, params: b.params, kind: 'write' });
  if (plan.kind === 'insert') {
    const cols = plan.columns;
    const colList = cols.map(q).join(', ');
    const data = b.param(JSON.stringify(plan.rows));
    let conflict = '';
    if (plan.conflict) {
      const target = plan.conflict.target.map(q).join(', ');
      // As PostgREST builds it: every column of the body is set from EXCLUDED, the conflict target's too, so a body
      // of only the key still updates (and returns) the existing row.
      conflict = plan.conflict.ignore
        ? ` on conflict (${target}) do nothing`
        : ` on conflict (${target}) do update set ${cols.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
    }
    // Prefer: missing=default: as PostgREST, each row is laid over an object of every listed column's default, so a
    // key absent from the row takes the default (and, as there, each default is evaluated for every row: a sequence
    // advances for a row that gives its own key too). Without it every listed column is taken from the row.
    const source = plan.missingDefault
      ? `select ${cols.map((c) => `_v.${q(c)}`).join(', ')} from jsonb_array_elements(${data}::jsonb) as _j(j) cross join lateral jsonb_populate_record(null::${table}, ${defaultsObject(plan.table, cols)} || _j.j) as _v`
      : `select ${colList} from json_populate_recordset(null::${table}, ${data}::json)`;
    const insert = cols.length
      ? `insert into ${table} as _t (${colList}) ${source}${conflict}`
      : `insert into ${table} as _t default values`;
    // An upsert tells inserted rows from updated ones (xmax is 0 for a row this statement inserted).
    if (plan.merge)
      return representation
        ? rows(
            `with _w0 as (${insert} returning _t as _row, (_t.xmax = 0) as _ins), _w as (select (_w0._row).* from _w0) ${outer('_w', ', (select count(*) from _w0 where _ins)::int as inserted')}`,
          )
        : rows(
            `with _w0 as (${insert} returning (_t.xmax = 0) as _ins) select null::text as body, count(*)::int as n, count(*) filter (where _ins)::int as inserted from _w0`,
          );
    return representation ? rows(`with _w as (${insert} returning _t.*) ${outer('_w')}`) : write(insert);
  }
  let statement: string;
  if (plan.kind === 'update') {
    if (!plan.columns.length) return null;
    const data = b.param(JSON.stringify(plan.values));
    statement = `update ${table} as _t set ${plan.columns.map((c) => `${q(c)} = _v.${q(c)}`).join(', ')} from json_populate_record(null::${table}, ${data}::json) as _v${b.where(plan.table, '_t', plan.where)}`;
  } else statement = `delete from ${table} as _t${b.where(plan.table, '_t', plan.where)}`;
  return representation ? rows(`with _w as (${statement} returning _t.*) ${outer('_w')}`) : write(statement);
}
