import { isToOne, type Catalog, type Relationship, type TableInfo } from './catalog.js';
import { Errors } from './errors.js';
import { renderOperator } from './operators.js';
import type { Condition, Field, OrderTerm, Prefer } from './parse.js';
import type { CallPlan, EmbedItem, MutatePlan, ReadNode } from './plan.js';
import type { Format, Level } from './request.js';

/**
 * Query (PostgREST's Query.hs): a plan as SQL text and bound parameters. Identifiers come only from the schema cache
 * (tables, columns, relationships, functions, types) and are quoted; every value from the request is a parameter.
 */

export const q = (ident: string): string => `"${ident.replace(/"/g, '""')}"`;

/** A string literal of a catalogue name (never of request text). */
const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** A statement: `rows` answers one row of { body, n[, total][, inserted] }; `write` answers only affected rows. */
export interface Statement {
  sql: string;
  params: unknown[];
  kind: 'rows' | 'write';
}

export class Builder {
  params: unknown[] = [];
  private aliasSeq = 0;
  constructor(
    private catalog: Catalog,
    /** `max_rows`, applied at every level of a read (null for the rows a mutation returns). */
    private maxRows: number | null,
  ) {}

  /** A cast's type as SQL, from the catalogue; never the request's text. */
  castType(name: string): string {
    const type = this.catalog.types.get(name.toLowerCase());
    if (type) return type;
    // One word reads as a type PostgreSQL does not know (as PostgREST answers); several are no type at all.
    if (name.includes(' ')) throw Errors.parse('select parameter', `"${name}" is not a type name`);
    throw Errors.undefinedType(name);
  }

  param(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }

  nextAlias(): string {
    return `_e${++this.aliasSeq}`;
  }

  fieldSql(table: TableInfo, alias: string, field: Field): string {
    // A computed field: a function taking the table's row (`full_name(people)`), called with the row.
    const computed = !table.columns.has(field.column) ? this.catalog.computed.get(table.name)?.get(field.column) : undefined;
    if (!computed && !table.columns.has(field.column)) throw Errors.undefinedColumn(table.name, field.column);
    let sql = computed ? `${q(this.catalog.schema)}.${q(computed.name)}(${alias})` : `${alias}.${q(field.column)}`;
    for (const step of field.path) {
      const key = /^-?\d+$/.test(step.key) ? step.key : `${this.param(step.key)}::text`;
      sql = `(${sql}${step.arrow}${key})`;
    }
    return sql;
  }

  condition(table: TableInfo, alias: string, c: Condition): string {
    if (c.kind === 'logic') {
      if (c.items.length === 0) return 'true';
      const inner = c.items.map((i) => this.condition(table, alias, i)).join(c.op === 'and' ? ' and ' : ' or ');
      return c.negate ? `not (${inner})` : `(${inner})`;
    }
    const sql = renderOperator(this.fieldSql(table, alias, c.field), c.op, c.modifier, c.value, (v) => this.param(v));
    return c.negate ? `not (${sql})` : sql;
  }

  where(table: TableInfo, alias: string, conditions: Condition[], extra: string[] = []): string {
    const parts = [...extra, ...conditions.map((c) => this.condition(table, alias, c))];
    return parts.length ? ` where ${parts.join(' and ')}` : '';
  }

  /** A level's filters and the `!inner` embeds' existence conditions. */
  filter(node: ReadNode, alias: string, extra: string[] = []): string {
    return this.where(node.table, alias, node.level.conditions, [...extra, ...this.innerConditions(node, alias)]);
  }

  orderBy(table: TableInfo, alias: string, order: OrderTerm[]): string {
    if (!order.length) return '';
    return ` order by ${order
      .map((o) => `${this.fieldSql(table, alias, o.field)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`)
      .join(', ')}`;
  }

  limits(level: Level): string {
    let sql = '';
    let limit = level.limit;
    if (this.maxRows !== null) limit = limit === undefined ? this.maxRows : Math.min(limit, this.maxRows);
    if (limit !== undefined) sql += ` limit ${this.param(limit)}`;
    if (level.offset !== undefined) sql += ` offset ${this.param(level.offset)}`;
    return sql;
  }

  /** ` group by …, order by …, limit …` of a level. */
  tail(node: ReadNode, alias: string): string {
    return `${this.groupBy(node, alias)}${this.orderBy(node.table, alias, node.level.order)}${this.limits(node.level)}`;
  }

  /** The select list of a level. */
  selectList(node: ReadNode, alias: string): string {
    const out = this.selectColumns(node, alias).map(([name, sql]) => (name === null ? sql : `${sql} as ${q(name)}`));
    return out.length ? out.join(', ') : `${alias}.*`;
  }

  /** Each output column of a level as [name, SQL] (name null for `alias.*`). */
  private selectColumns(node: ReadNode, alias: string): [string | null, string][] {
    const out: [string | null, string][] = [];
    const table = node.table;
    for (const item of node.items) {
      if (item.kind === 'star') out.push([null, `${alias}.*`]);
      else if (item.kind === 'column') {
        if (item.aggregate) {
          let arg = '*';
          if (item.column !== '') {
            arg = this.fieldSql(table, alias, item);
            if (item.cast) arg = `cast(${arg} as ${this.castType(item.cast)})`;
          }
          let sql = `${item.aggregate}(${arg})`;
          if (item.aggregateCast) sql = `cast(${sql} as ${this.castType(item.aggregateCast)})`;
          out.push([item.alias ?? item.aggregate, sql]);
          continue;
        }
        let sql = this.fieldSql(table, alias, item);
        if (item.cast) sql = `cast(${sql} as ${this.castType(item.cast)})`;
        out.push([item.alias ?? (item.path.length ? item.path[item.path.length - 1]!.key : item.column), sql]);
      } else {
        // `rel()` with no columns only filters (with !inner) and is left out of the answer, as PostgREST.
        if (item.node.items.length === 0) continue;
        if (item.spread) out.push(...this.spread(alias, item));
        else out.push([item.name, this.embed(alias, item)]);
      }
    }
    return out;
  }

  /** ` group by …` of a level that has aggregates: every other selected column, as PostgREST groups. */
  private groupBy(node: ReadNode, alias: string): string {
    if (!node.items.some((i) => i.kind === 'column' && i.aggregate !== undefined)) return '';
    const keys = node.items.filter((i) => i.kind === 'column' && i.aggregate === undefined);
    if (!keys.length) return '';
    return ` group by ${keys
      .map((i) => {
        const c = i as Extract<typeof i, { kind: 'column' }>;
        const sql = this.fieldSql(node.table, alias, c);
        return c.cast ? `cast(${sql} as ${this.castType(c.cast)})` : sql;
      })
      .join(', ')}`;
  }

  /** The parent-side conditions an `!inner` embed adds. */
  private innerConditions(node: ReadNode, alias: string): string[] {
    return node.items.flatMap((item) => (item.kind === 'embed' && item.inner ? [this.embed(alias, item, true)] : []));
  }

  /** FROM (with the junction of a many-to-many) and the join conditions of an embed's level. */
  private source(parentAlias: string, rel: Relationship, target: TableInfo, child: string): { from: string; join: string[] } {
    const S = q(this.catalog.schema);
    if (rel.kind === 'computed') return { from: ` from ${S}.${q(rel.fn)}(${parentAlias}) as ${child}`, join: [] };
    let from = ` from ${S}.${q(target.name)} as ${child}`;
    if (rel.kind !== 'm2m') return { from, join: rel.columns.map(([o, t]) => `${child}.${q(t)} = ${parentAlias}.${q(o)}`) };
    const j = this.nextAlias();
    from += ` join ${S}.${q(rel.junction)} as ${j} on ${rel.dest.map(([t, jc]) => `${j}.${q(jc)} = ${child}.${q(t)}`).join(' and ')}`;
    return { from, join: rel.source.map(([o, jc]) => `${j}.${q(jc)} = ${parentAlias}.${q(o)}`) };
  }

  /** An embed as a JSON value (object for to-one, array for to-many), or with `existsOnly` its `!inner` condition. */
  private embed(alias: string, item: EmbedItem, existsOnly = false): string {
    const { rel, node } = item;
    const child = this.nextAlias();
    const { from, join } = this.source(alias, rel, node.table, child);
    if (existsOnly) return `exists (select 1${from}${this.filter(node, child, join)})`;
    const list = this.selectList(node, child);
    const inner = `select ${list}${from}${this.filter(node, child, join)}${this.tail(node, child)}`;
    const x = this.nextAlias();
    return isToOne(rel)
      ? `(select row_to_json(${x}) from (${inner}) ${x} limit 1)`
      : `coalesce((select json_agg(${x}) from (${inner}) ${x}), '[]'::json)`;
  }

  /**
   * `...rel(cols)`: the embedded columns become the parent's. From a to-one relationship each is a value; from a
   * to-many one each is an array of the values (PostgREST 13). Each column is its own subquery.
   */
  private spread(alias: string, item: EmbedItem): [string, string][] {
    const { rel, node } = item;
    const target = node.table;
    const out: [string, string][] = [];
    for (const column of node.items) {
      if (column.kind === 'embed' && column.node.items.length === 0) continue;
      const name = column.kind === 'embed' ? column.name : column.kind === 'column' ? this.outputName(column) : '*';
      const child = this.nextAlias();
      const { from, join } = this.source(alias, rel, target, child);
      const where = this.where(target, child, node.level.conditions, join);
      const value = this.selectColumns({ ...node, items: [column] }, child)[0]![1];
      if (isToOne(rel)) out.push([name, `(select ${value}${from}${where} limit 1)`]);
      else {
        const x = this.nextAlias();
        out.push([name, `coalesce((select json_agg(${x}.v) from (select ${value} as v${from}${where}${this.orderBy(target, child, node.level.order)}${this.limits(node.level)}) ${x}), '[]'::json)`]);
      }
    }
    return out;
  }

  private outputName(c: Extract<ReadNode['items'][number], { kind: 'column' }>): string {
    return c.alias ?? c.aggregate ?? (c.path.length ? c.path[c.path.length - 1]!.key : c.column);
  }
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

const from = (cat: Catalog, table: TableInfo): string => `${q(cat.schema)}.${q(table.name)}`;

/**
 * A read of a table: the body and, for `count=exact` (or `estimated`, counted up to `max_rows` + 1), the total.
 */
export function readStatement(cat: Catalog, node: ReadNode, format: Format, count: Prefer['count'], maxRows: number | null): Statement {
  const b = new Builder(cat, maxRows);
  const whereSql = b.filter(node, '_t');
  const inner = `select ${b.selectList(node, '_t')} from ${from(cat, node.table)} as _t${whereSql}${b.tail(node, '_t')}`;
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
  return { sql: `select 1 from ${from(cat, node.table)} as _t${b.filter(node, '_t')}`, params: b.params, kind: 'rows' };
}

/** A function call: `schema.fn(name => $1::type, …)`. */
function callSql(cat: Catalog, b: Builder, plan: CallPlan): string {
  const fn = `${q(cat.schema)}.${q(plan.fn.name)}`;
  if (plan.wholeBody) return `${fn}(${b.param(JSON.stringify(plan.wholeBody.body))}::${plan.wholeBody.type})`;
  const args = plan.args.map((a) => {
    // An unnamed parameter (the only one, see findFunction) is passed by position.
    const name = a.name === '' ? '' : `${q(a.name)} => `;
    return a.form === 'row' ? `${name}json_populate_record(null::${a.type}, ${b.param(a.value)}::json)` : `${name}${b.param(a.value)}::${a.type}`;
  });
  return `${fn}(${args.join(', ')})`;
}

/** An rpc: the call, and the read over what it returns (with the total when a count is asked of a set). */
export function callStatement(cat: Catalog, plan: CallPlan, root: Level, format: Format, count: boolean, maxRows: number | null): Statement {
  const b = new Builder(cat, maxRows);
  const call = callSql(cat, b, plan);
  const returnsSet = plan.fn.returnsSet;
  let sql: string;
  if (plan.returns === 'void') sql = `select ${call}::text as body, 0 as n`;
  else if (plan.returns === 'rows') {
    const node = plan.node!;
    const list = b.selectList(node, '_f');
    const where = b.filter(node, '_f');
    const total = count && returnsSet ? `, (select count(*) from ${call} as _f${where})::int as total` : '';
    sql = bodySql(`select ${list} from ${call} as _f${where}${b.tail(node, '_f')}`, format, total);
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
export function mutateStatement(cat: Catalog, plan: MutatePlan, format: Format, representation: boolean): Statement | null {
  const b = new Builder(cat, null);
  const table = from(cat, plan.table);
  const outer = (source: string, extra = '') => bodySql(`select ${b.selectList(plan.returning, '_t')} from ${source} as _t`, format, extra);
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
    // Prefer: missing=default: a key absent from a row takes the column's default (else every listed column is taken
    // from the row, null when absent).
    const source = plan.missingDefault
      ? `select ${cols.map((c) => `case when _j.j ? ${literal(c)} then _v.${q(c)} else ${plan.table.defaults?.get(c) ?? 'null'} end`).join(', ')} from jsonb_array_elements(${data}::jsonb) as _j(j) cross join lateral jsonb_populate_record(null::${table}, _j.j) as _v`
      : `select ${colList} from json_populate_recordset(null::${table}, ${data}::json)`;
    const insert = cols.length ? `insert into ${table} as _t (${colList}) ${source}${conflict}` : `insert into ${table} as _t default values`;
    // An upsert tells inserted rows from updated ones (xmax is 0 for a row this statement inserted).
    if (plan.merge)
      return representation
        ? rows(`with _w0 as (${insert} returning _t as _row, (_t.xmax = 0) as _ins), _w as (select (_w0._row).* from _w0) ${outer('_w', ', (select count(*) from _w0 where _ins)::int as inserted')}`)
        : rows(`with _w0 as (${insert} returning (_t.xmax = 0) as _ins) select null::text as body, count(*)::int as n, count(*) filter (where _ins)::int as inserted from _w0`);
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
