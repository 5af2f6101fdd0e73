import { isToOne, type Catalog, type Relationship, type TableInfo } from './catalog.ts';
import { Errors } from './errors.ts';
import { renderOperator } from './operators.ts';
import type { Condition, Field, OrderTerm } from './parse.ts';
import type { EmbedItem, ReadNode } from './plan.ts';
import type { Level } from './request.ts';
import { quoteIdent } from '../text.ts';

/**
 * Query (PostgREST's Query.hs): a plan as SQL text and bound parameters. Identifiers come only from the schema cache
 * (tables, columns, relationships, functions, types) and are quoted; every value from the request is a parameter.
 */

export const q = quoteIdent;

/** What rendering a level's select list collects besides the columns. */
interface Grouping {
  /** ` left join lateral (…) as _eN on true` of its to-one spreads. */
  joins: string[];
  /** The SQL of its (and its spreads') non-aggregate columns: the group keys when it has an aggregate. */
  keys: string[];
  aggregated: boolean;
}

export class Builder {
  params: unknown[] = [];
  private aliasSeq = 0;
  /** The name PostgREST gives an embedded level's table (`<table>_<depth>`), by SQL alias, for error messages. */
  private labels = new Map<string, string>();
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

  /** A fresh alias for an embedded level, named `<table>_<depth>` in error messages as PostgREST names it. */
  private aliasOf(node: ReadNode): string {
    const alias = this.nextAlias();
    this.labels.set(alias, `${node.table.name}_${node.depth}`);
    return alias;
  }

  nextAlias(): string {
    return `_e${++this.aliasSeq}`;
  }

  fieldSql(table: TableInfo, alias: string, field: Field): string {
    // A computed field: a function taking the table's row (`full_name(people)`), called with the row.
    const computed = !table.columns.has(field.column)
      ? this.catalog.computed.get(table.name)?.get(field.column)
      : undefined;
    if (!computed && !table.columns.has(field.column))
      throw Errors.undefinedColumn(this.labels.get(alias) ?? table.name, field.column);
    let sql = computed
      ? `${q(this.catalog.schema)}.${q(computed.name)}(${alias})`
      : `${alias}.${q(field.column)}`;
    for (const step of field.path) {
      const key = /^-?\d+$/.test(step.key) ? step.key : `${this.param(step.key)}::text`;
      sql = `(${sql}${step.arrow}${key})`;
    }
    return sql;
  }

  condition(table: TableInfo, alias: string, c: Condition): string {
    if (c.kind === 'logic') {
      if (c.items.length === 0) return 'true';
      const inner = c.items
        .map((i) => this.condition(table, alias, i))
        .join(c.op === 'and' ? ' and ' : ' or ');
      return c.negate ? `not (${inner})` : `(${inner})`;
    }
    const sql = renderOperator(this.fieldSql(table, alias, c.field), c.op, c.modifier, c.value, (v) =>
      this.param(v),
    );
    return c.negate ? `not (${sql})` : sql;
  }

  where(table: TableInfo, alias: string, conditions: Condition[], extra: string[] = []): string {
    const parts = [...extra, ...conditions.map((c) => this.condition(table, alias, c))];
    return parts.length ? ` where ${parts.join(' and ')}` : '';
  }

  /** A level's filters and the `!inner` embeds' existence conditions. */
  filter(node: ReadNode, alias: string, extra: string[] = []): string {
    return this.where(node.table, alias, node.level.conditions, [
      ...extra,
      ...this.innerConditions(node, alias),
    ]);
  }

  orderBy(table: TableInfo, alias: string, order: OrderTerm[]): string {
    if (!order.length) return '';
    return ` order by ${order
      .map(
        (o) =>
          `${this.fieldSql(table, alias, o.field)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
      )
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

  /** ` order by …, limit …` of a level. */
  paging(node: ReadNode, alias: string): string {
    return `${this.orderBy(node.table, alias, node.level.order)}${this.limits(node.level)}`;
  }

  /**
   * A level's select list, the lateral joins its to-one spreads need (to follow FROM) and its ` group by …`: when the
   * level or one of its to-one spreads has an aggregate, every other selected column, the spreads' too (PostgREST
   * hoists a spread's aggregates and columns into the level that holds it).
   */
  level(node: ReadNode, alias: string): { list: string; joins: string; groupBy: string } {
    const acc: Grouping = { joins: [], keys: [], aggregated: false };
    const out = this.selectColumns(node, alias, acc).map(([name, sql]) =>
      name === null ? sql : `${sql} as ${q(name)}`,
    );
    return {
      list: out.length ? out.join(', ') : `${alias}.*`,
      joins: acc.joins.join(''),
      groupBy: acc.aggregated && acc.keys.length ? ` group by ${acc.keys.join(', ')}` : '',
    };
  }

  /** Each output column of a level as [name, SQL] (name null for `alias.*`); joins and group keys go to `acc`. */
  private selectColumns(node: ReadNode, alias: string, acc: Grouping): [string | null, string][] {
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
          acc.aggregated = true;
          continue;
        }
        let sql = this.fieldSql(table, alias, item);
        if (item.cast) sql = `cast(${sql} as ${this.castType(item.cast)})`;
        out.push([this.outputName(item), sql]);
        acc.keys.push(sql);
      } else {
        // `rel()` with no columns only filters (with !inner) and is left out of the answer, as PostgREST.
        if (item.node.items.length === 0) continue;
        if (item.spread && isToOne(item.rel)) out.push(...this.spreadToOne(alias, item, acc));
        else if (item.spread) out.push(...this.spreadToMany(alias, item));
        else out.push([item.name, this.embed(alias, item)]);
      }
    }
    return out;
  }

  /** The parent-side conditions an `!inner` embed adds. */
  private innerConditions(node: ReadNode, alias: string): string[] {
    return node.items.flatMap((item) =>
      item.kind === 'embed' && item.inner ? [this.embed(alias, item, true)] : [],
    );
  }

  /** FROM (with the junction of a many-to-many) and the join conditions of an embed's level. */
  private source(
    parentAlias: string,
    rel: Relationship,
    target: TableInfo,
    child: string,
  ): { from: string; join: string[] } {
    const S = q(this.catalog.schema);
    if (rel.kind === 'computed')
      return { from: ` from ${S}.${q(rel.fn)}(${parentAlias}) as ${child}`, join: [] };
    let from = ` from ${S}.${q(target.name)} as ${child}`;
    if (rel.kind !== 'm2m')
      return { from, join: rel.columns.map(([o, t]) => `${child}.${q(t)} = ${parentAlias}.${q(o)}`) };
    const j = this.nextAlias();
    from += ` join ${S}.${q(rel.junction)} as ${j} on ${rel.dest.map(([t, jc]) => `${j}.${q(jc)} = ${child}.${q(t)}`).join(' and ')}`;
    return { from, join: rel.source.map(([o, jc]) => `${j}.${q(jc)} = ${parentAlias}.${q(o)}`) };
  }

  /** An embed as a JSON value (object for to-one, array for to-many), or with `existsOnly` its `!inner` condition. */
  private embed(alias: string, item: EmbedItem, existsOnly = false): string {
    const { rel, node } = item;
    const child = this.aliasOf(node);
    const { from, join } = this.source(alias, rel, node.table, child);
    if (existsOnly) return `exists (select 1${from}${this.filter(node, child, join)})`;
    const lv = this.level(node, child);
    const inner = `select ${lv.list}${from}${lv.joins}${this.filter(node, child, join)}${lv.groupBy}${this.paging(node, child)}`;
    const x = this.nextAlias();
    return isToOne(rel)
      ? `(select row_to_json(${x}) from (${inner}) ${x} limit 1)`
      : `coalesce((select json_agg(${x}) from (${inner}) ${x}), '[]'::json)`;
  }

  /**
   * `...rel(cols)` of a to-one relationship: its row joins the level laterally (`(alias._row)` is the target's row,
   * so columns, computed fields and nested embeds read from it) and its columns, aggregates included, become the
   * level's.
   */
  private spreadToOne(alias: string, item: EmbedItem, acc: Grouping): [string | null, string][] {
    const { rel, node } = item;
    const child = this.aliasOf(node);
    const { from, join } = this.source(alias, rel, node.table, child);
    const lateral = this.nextAlias();
    const row = `(${lateral}._row)`;
    this.labels.set(row, this.labels.get(child)!);
    acc.joins.push(
      ` left join lateral (select ${child} as _row${from}${this.where(node.table, child, node.level.conditions, join)} limit 1) as ${lateral} on true`,
    );
    return this.selectColumns(node, row, acc);
  }

  /** `...rel(cols)` of a to-many relationship: each column becomes an array of its values (PostgREST 13). */
  private spreadToMany(alias: string, item: EmbedItem): [string, string][] {
    const { rel, node } = item;
    const target = node.table;
    const out: [string, string][] = [];
    for (const column of node.items) {
      if (column.kind === 'embed' && column.node.items.length === 0) continue;
      const name =
        column.kind === 'embed' ? column.name : column.kind === 'column' ? this.outputName(column) : '*';
      const child = this.aliasOf(node);
      const { from, join } = this.source(alias, rel, target, child);
      const where = this.where(target, child, node.level.conditions, join);
      const value = this.selectColumns({ ...node, items: [column] }, child, {
        joins: [],
        keys: [],
        aggregated: false,
      })[0]![1];
      const x = this.nextAlias();
      out.push([
        name,
        `coalesce((select json_agg(${x}.v) from (select ${value} as v${from}${where}${this.paging(node, child)}) ${x}), '[]'::json)`,
      ]);
    }
    return out;
  }

  private outputName(c: Extract<ReadNode['items'][number], { kind: 'column' }>): string {
    return c.alias ?? c.aggregate ?? (c.path.length ? c.path[c.path.length - 1]!.key : c.column);
  }
}
