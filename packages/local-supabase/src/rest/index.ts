import type { BackendConfig } from '../config.js';
import { InvalidJson, readJson } from '../body.js';
import { queryAs, requestPrelude, roleOf, type Database } from '../db.js';
import type { Claims } from '../jwt.js';
import { AuthError, json, requestClaims, requestToken } from '../http.js';
import { readProjectConfig } from '../project.js';
import { isToOne, loadCatalog, type Catalog, type FunctionInfo, type Relationship, type TableInfo } from './catalog.js';
import { ApiError, fromPgError, parseError } from './errors.js';
import {
  parseField,
  parseList,
  parseLogic,
  parseOperation,
  parseOrder,
  parsePrefer,
  parseSelect,
  splitTop,
  type Condition,
  type Field,
  type OrderTerm,
  type SelectItem,
} from './parse.js';

const OBJECT_MIME = 'application/vnd.pgrst.object+json';

const q = (ident: string): string => `"${ident.replace(/"/g, '""')}"`;

/** Per-level options that arrive as query parameters (`embed.col=eq.1`, `embed.order=…`, `embed.limit=…`). */
interface Level {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

class Builder {
  params: unknown[] = [];
  private aliasSeq = 0;
  constructor(
    private catalog: Catalog,
    private levels: Map<string, Level>,
    /** `max_rows`, applied at every level of a read (null for the rows a mutation returns). */
    private maxRows: number | null,
    /** `db-aggregates-enabled` (authenticator's `pgrst.db_aggregates_enabled`). */
    private aggregatesAllowed = false,
  ) {}

  /** A cast's type as SQL, from the catalogue; never the request's text. */
  castType(name: string): string {
    const type = this.catalog.types.get(name.toLowerCase());
    if (type) return type;
    // One word reads as a type PostgreSQL does not know (as PostgREST answers); several are no type at all.
    if (name.includes(' ')) throw parseError('select parameter', `"${name}" is not a type name`);
    throw new ApiError(400, '42704', `type "${name}" does not exist`);
  }

  param(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }

  nextAlias(): string {
    return `_e${++this.aliasSeq}`;
  }

  checkColumn(table: TableInfo | null, column: string): void {
    if (table && !table.columns.has(column))
      throw new ApiError(400, '42703', `column ${table.name}.${column} does not exist`);
  }

  fieldSql(table: TableInfo | null, alias: string, field: Field): string {
    // A computed field: a function taking the table's row (`full_name(people)`), called with the row.
    const computed = table && !table.columns.has(field.column) ? this.catalog.computed.get(table.name)?.get(field.column) : undefined;
    if (!computed) this.checkColumn(table, field.column);
    let sql = computed ? `${q(this.catalog.schema)}.${q(computed.name)}(${alias})` : `${alias}.${q(field.column)}`;
    for (const step of field.path) {
      const key = /^-?\d+$/.test(step.key) ? step.key : `${this.param(step.key)}::text`;
      sql = `(${sql}${step.arrow}${key})`;
    }
    return sql;
  }

  condition(table: TableInfo | null, alias: string, c: Condition): string {
    if (c.kind === 'logic') {
      if (c.items.length === 0) return 'true';
      const inner = c.items.map((i) => this.condition(table, alias, i)).join(c.op === 'and' ? ' and ' : ' or ');
      return c.negate ? `not (${inner})` : `(${inner})`;
    }
    const e = this.fieldSql(table, alias, c.field);
    const sql = this.operation(e, c);
    return c.negate ? `not (${sql})` : sql;
  }

  private operation(e: string, c: Extract<Condition, { kind: 'op' }>): string {
    const binary: Record<string, string> = {
      eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~',
      imatch: '~*', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
    };
    const likeValue = (v: string) => (c.op === 'like' || c.op === 'ilike' ? v.replace(/\*/g, '%') : v);
    if (c.modifier) {
      const op = binary[c.op];
      if (!op || ['cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj'].includes(c.op))
        throw parseError(`filter (${c.op})`, `operator ${c.op} takes no (any)/(all) modifier`);
      return `${e} ${op} ${c.modifier}(${this.param(parseList(c.value).map(likeValue))})`;
    }
    switch (c.op) {
      case 'is': {
        const v = c.value.toLowerCase();
        const lit: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown', not_null: 'not null' };
        if (!(v in lit)) throw parseError(`filter (is.${c.value})`, 'is takes null, not_null, true, false or unknown');
        return `${e} is ${lit[v]}`;
      }
      case 'isdistinct':
        return `${e} is distinct from ${this.param(c.value)}`;
      case 'in': {
        const values = parseList(c.value);
        return values.length ? `${e} in (${values.map((v) => this.param(v)).join(', ')})` : 'false';
      }
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[c.op];
        const zero = c.value.indexOf('\u0000');
        if (zero >= 0)
          return `${e} @@ ${fn}(${this.param(c.value.slice(0, zero))}::regconfig, ${this.param(c.value.slice(zero + 1))})`;
        return `${e} @@ ${fn}(${this.param(c.value)})`;
      }
      default: {
        const op = binary[c.op];
        if (!op) throw parseError(`filter (${c.op})`, `unknown operator ${c.op}`);
        return `${e} ${op} ${this.param(likeValue(c.value))}`;
      }
    }
  }

  where(table: TableInfo | null, alias: string, conditions: Condition[], extra: string[] = []): string {
    const parts = [...extra, ...conditions.map((c) => this.condition(table, alias, c))];
    return parts.length ? ` where ${parts.join(' and ')}` : '';
  }

  orderBy(table: TableInfo | null, alias: string, order: OrderTerm[]): string {
    if (!order.length) return '';
    return ` order by ${order
      .map((o) => `${this.fieldSql(table, alias, o.field)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`)
      .join(', ')}`;
  }

  limits(level: Level | undefined): string {
    let sql = '';
    let limit = level?.limit;
    if (this.maxRows !== null) limit = limit === undefined ? this.maxRows : Math.min(limit, this.maxRows);
    if (limit !== undefined) sql += ` limit ${this.param(limit)}`;
    if (level?.offset !== undefined) sql += ` offset ${this.param(level.offset)}`;
    return sql;
  }

  /** The select list for one level; `path` names the level for embedded filters (`rel.col=eq.1`). */
  selectList(table: TableInfo | null, alias: string, items: SelectItem[], path: string): string {
    const out = this.selectColumns(table, alias, items, path).map(([name, sql]) => (name === null ? sql : `${sql} as ${q(name)}`));
    return out.length ? out.join(', ') : `${alias}.*`;
  }

  /** Each output column of a level as [name, SQL] (name null for `alias.*`). */
  private selectColumns(table: TableInfo | null, alias: string, items: SelectItem[], path: string): [string | null, string][] {
    const out: [string | null, string][] = [];
    for (const item of items) {
      if (item.kind === 'star') out.push([null, `${alias}.*`]);
      else if (item.kind === 'column') {
        // `rel(count)`: inside an embed, a bare `count` that is no column counts the rows (as PostgREST).
        const bareCount = path !== '' && item.column === 'count' && !item.path.length && !item.aggregate && table !== null && !table.columns.has('count');
        if (item.aggregate && !this.aggregatesAllowed) throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
        if (bareCount || item.aggregate) {
          let arg = '*';
          if (!bareCount && item.column !== '') {
            arg = this.fieldSql(table, alias, item);
            if (item.cast) arg = `cast(${arg} as ${this.castType(item.cast)})`;
          }
          let sql = `${item.aggregate ?? 'count'}(${arg})`;
          if (item.aggregateCast) sql = `cast(${sql} as ${this.castType(item.aggregateCast)})`;
          out.push([item.alias ?? item.aggregate ?? 'count', sql]);
          continue;
        }
        let sql = this.fieldSql(table, alias, item);
        if (item.cast) sql = `cast(${sql} as ${this.castType(item.cast)})`;
        out.push([item.alias ?? (item.path.length ? item.path[item.path.length - 1]!.key : item.column), sql]);
      } else {
        if (!table) throw new ApiError(400, 'PGRST200', `Could not find a relationship for '${item.relation}' in the schema cache`);
        // `rel()` with no columns only filters (with !inner) and is left out of the answer, as PostgREST.
        if (item.select.length === 0) continue;
        if (item.spread) out.push(...this.spread(table, alias, item, path));
        else out.push([item.alias ?? item.relation, this.embed(table, alias, item, path).sql]);
      }
    }
    return out;
  }

  /** ` group by …` of a level that has aggregates: every other selected column, as PostgREST groups. */
  groupBy(table: TableInfo | null, alias: string, items: SelectItem[], path: string): string {
    const aggregated = (i: SelectItem) =>
      i.kind === 'column' && (i.aggregate !== undefined || (path !== '' && i.column === 'count' && !i.path.length && table !== null && !table.columns.has('count')));
    if (!items.some(aggregated)) return '';
    const keys = items.filter((i) => !aggregated(i) && i.kind === 'column');
    if (!keys.length) return '';
    return ` group by ${keys
      .map((i) => {
        const c = i as Extract<SelectItem, { kind: 'column' }>;
        const sql = this.fieldSql(table, alias, c);
        return c.cast ? `cast(${sql} as ${this.castType(c.cast)})` : sql;
      })
      .join(', ')}`;
  }

  /** The parent-side conditions an `!inner` embed adds. */
  innerConditions(table: TableInfo | null, alias: string, items: SelectItem[], path: string): string[] {
    const out: string[] = [];
    for (const item of items) {
      if (item.kind !== 'embed' || !item.inner || !table) continue;
      out.push(this.embed(table, alias, item, path, true).sql);
    }
    return out;
  }

  /** PostgREST's findRel: which relationship `target!hint` means from `parent`. */
  private resolve(parent: TableInfo, item: Extract<SelectItem, { kind: 'embed' }>): { rel: Relationship; target: TableInfo } {
    const name = item.relation;
    const hint = item.hint;
    const single = (r: Relationship) => (r.kind !== 'm2m' && r.kind !== 'computed' && r.columns.length === 1 ? r.columns[0]! : null);
    const fkCol = (h: string, r: Relationship) => single(r)?.[0] === h;
    const refCol = (h: string, r: Relationship) => single(r)?.[1] === h;
    const constraint = (h: string, r: Relationship) => r.kind !== 'm2m' && r.kind !== 'computed' && r.constraint === h;
    const found = (this.catalog.relationships.get(parent.name) ?? []).filter((r) => {
      if (r.kind === 'computed') return name === r.fn;
      if (r.isSelf && r.kind !== 'm2m') {
        // One foreign key, two directions: the table's name is the children (to-many), the column's the parent.
        if (hint === undefined) return (name === r.target && r.kind !== 'm2o') || (fkCol(name, r) && r.kind !== 'o2m');
        return name === r.target && r.kind !== 'm2o' && refCol(hint, r);
      }
      if (hint === undefined) return name === r.target || constraint(name, r) || fkCol(name, r);
      return name === r.target && (constraint(hint, r) || fkCol(hint, r) || refCol(hint, r) || (r.kind === 'm2m' && r.junction === hint));
    });
    if (found.length === 0)
      throw new ApiError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${this.catalog.schema}', but no matches were found.`,
      );
    if (found.length > 1) {
      const cardinality = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many', computed: 'computed' } as const;
      const describe = (r: Relationship) =>
        r.kind === 'computed'
          ? `${r.fn}(${r.origin})`
          : r.kind === 'm2m'
          ? `${this.catalog.schema}.${r.junction} using ${r.source.map(([, j]) => j).join(', ')} and ${r.dest.map(([, j]) => j).join(', ')}`
          : `${r.constraint} using ${r.origin}(${r.columns.map(([o]) => o).join(', ')}) and ${r.target}(${r.columns.map(([, t]) => t).join(', ')})`;
      throw new ApiError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
        found.map((r) => ({ cardinality: cardinality[r.kind], embedding: `${parent.name} with ${r.target}`, relationship: describe(r) })),
        `Try changing '${name}' to one of the following: ${found.map((r) => `'${name}!${r.kind === 'm2m' ? r.junction : r.kind === 'computed' ? r.fn : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    const rel = found[0]!;
    return { rel, target: this.catalog.tables.get(rel.target)! };
  }

  /** FROM (with the junction of a many-to-many) and the join conditions of an embed's level. */
  private source(parentAlias: string, rel: Relationship, target: TableInfo, child: string): { from: string; join: string[] } {
    if (rel.kind === 'computed') return { from: ` from ${q(this.catalog.schema)}.${q(rel.fn)}(${parentAlias}) as ${child}`, join: [] };
    let from = ` from ${q(this.catalog.schema)}.${q(target.name)} as ${child}`;
    if (rel.kind !== 'm2m') return { from, join: rel.columns.map(([o, t]) => `${child}.${q(t)} = ${parentAlias}.${q(o)}`) };
    const j = this.nextAlias();
    from += ` join ${q(this.catalog.schema)}.${q(rel.junction)} as ${j} on ${rel.dest.map(([t, jc]) => `${j}.${q(jc)} = ${child}.${q(t)}`).join(' and ')}`;
    return { from, join: rel.source.map(([o, jc]) => `${j}.${q(jc)} = ${parentAlias}.${q(o)}`) };
  }

  embed(parent: TableInfo, alias: string, item: Extract<SelectItem, { kind: 'embed' }>, path: string, existsOnly = false): { sql: string } {
    const { rel, target } = this.resolve(parent, item);
    const child = this.nextAlias();
    const levelPath = `${path}${item.alias ?? item.relation}`;
    const level = this.levels.get(levelPath);
    const { from, join } = this.source(alias, rel, target, child);
    if (existsOnly) {
      const where = this.where(target, child, level?.conditions ?? [], [...join, ...this.innerConditions(target, child, item.select, `${levelPath}.`)]);
      return { sql: `exists (select 1${from}${where})` };
    }
    const list = this.selectList(target, child, item.select, `${levelPath}.`);
    const where = this.where(target, child, level?.conditions ?? [], [...join, ...this.innerConditions(target, child, item.select, `${levelPath}.`)]);
    const inner = `select ${list}${from}${where}${this.groupBy(target, child, item.select, `${levelPath}.`)}${this.orderBy(target, child, level?.order ?? [])}${this.limits(level)}`;
    const x = this.nextAlias();
    return isToOne(rel)
      ? { sql: `(select row_to_json(${x}) from (${inner}) ${x} limit 1)` }
      : { sql: `coalesce((select json_agg(${x}) from (${inner}) ${x}), '[]'::json)` };
  }

  /**
   * `...rel(cols)`: the embedded columns become the parent's. From a to-one relationship each is a value; from a
   * to-many one each is an array of the values (PostgREST 13).
   */
  private spread(parent: TableInfo, alias: string, item: Extract<SelectItem, { kind: 'embed' }>, path: string): [string, string][] {
    const { rel, target } = this.resolve(parent, item);
    const levelPath = `${path}${item.alias ?? item.relation}`;
    const level = this.levels.get(levelPath);
    const out: [string, string][] = [];
    const items = item.select.flatMap((i): SelectItem[] =>
      i.kind === 'star' ? [...target.columns.keys()].map((column) => ({ kind: 'column', column, path: [] })) : [i],
    );
    for (const [name, expr] of this.selectColumnsOf(target, items, `${levelPath}.`)) {
      const child = this.nextAlias();
      const { from, join } = this.source(alias, rel, target, child);
      const where = this.where(target, child, level?.conditions ?? [], join);
      const value = expr(child);
      if (isToOne(rel)) out.push([name, `(select ${value}${from}${where} limit 1)`]);
      else {
        const x = this.nextAlias();
        out.push([name, `coalesce((select json_agg(${x}.v) from (select ${value} as v${from}${where}${this.orderBy(target, child, level?.order ?? [])}${this.limits(level)}) ${x}), '[]'::json)`]);
      }
    }
    return out;
  }

  /** Output columns of a level as functions of the level's alias (each spread column gets its own subquery). */
  private selectColumnsOf(table: TableInfo, items: SelectItem[], path: string): [string, (alias: string) => string][] {
    return items.map((item): [string, (alias: string) => string] => {
      if (item.kind === 'embed' && item.spread) throw parseError('select parameter', `a spread inside a spread ("...${item.relation}") is not supported`);
      const name =
        item.kind === 'embed'
          ? (item.alias ?? item.relation)
          : item.kind === 'column'
            ? (item.alias ?? item.aggregate ?? (item.path.length ? item.path[item.path.length - 1]!.key : item.column))
            : '*';
      return [name, (alias: string) => this.selectColumns(table, alias, [item], path)[0]![1]];
    });
  }
}

interface Parsed {
  select: SelectItem[];
  levels: Map<string, Level>;
  root: Level;
  onConflict?: string[];
  columns?: string[];
  args: Map<string, string>;
}

function parseQuery(url: URL, isRpcGet: boolean, fn: FunctionInfo[] | null): Parsed {
  const levels = new Map<string, Level>();
  const level = (p: string): Level => {
    let l = levels.get(p);
    if (!l) levels.set(p, (l = { conditions: [], order: [] }));
    return l;
  };
  const root = level('');
  const args = new Map<string, string>();
  const argNames = new Set(fn?.flatMap((f) => f.args.map((a) => a.name)) ?? []);
  let select: SelectItem[] = [{ kind: 'star' }];
  let onConflict: string[] | undefined;
  let columns: string[] | undefined;
  const int = (key: string, v: string): number => {
    if (!/^\d+$/.test(v)) throw parseError(`${key} (${v})`, 'expected a non-negative integer');
    return Number(v);
  };
  for (const [key, value] of url.searchParams) {
    if (key === 'select') select = parseSelect(value);
    else if (key === 'on_conflict') onConflict = value.split(',').map((s) => s.trim());
    else if (key === 'columns')
      columns = splitTop(value).map((raw) => {
        const c = raw.trim();
        return c.length >= 2 && c.startsWith('"') && c.endsWith('"') ? c.slice(1, -1).replace(/\\(.)/g, '$1') : c;
      });
    else if (isRpcGet && argNames.has(key)) args.set(key, value);
    else {
      const logic = logicKey(key);
      const control = /^(?:(.*)\.)?(order|limit|offset)$/.exec(key);
      if (logic) level(logic.path).conditions.push(parseLogic(logic.op, logic.negate, value));
      else if (control) {
        const l = level(control[1] ?? '');
        if (control[2] === 'order') l.order = parseOrder(value);
        else if (control[2] === 'limit') l.limit = int(key, value);
        else l.offset = int(key, value);
      } else {
        const m = /^((?:[A-Za-z_][A-Za-z0-9_]*\.)*?)([A-Za-z_][A-Za-z0-9_]*(?:(?:->>|->)[^.]+)*)$/.exec(key);
        if (!m) throw parseError(`filter (${key})`, `unexpected "${key}"`);
        level(m[1] ? m[1].slice(0, -1) : '').conditions.push(parseOperation(parseField(m[2]!), value));
      }
    }
  }
  return { select, levels, root, onConflict, columns, args };
}

/** `or`, `not.and`, `embed.or`, `embed.not.or` → where the logic tree applies and how. */
function logicKey(key: string): { path: string; negate: boolean; op: 'or' | 'and' } | null {
  const parts = key.split('.');
  const op = parts.pop();
  if (op !== 'or' && op !== 'and') return null;
  const negate = parts[parts.length - 1] === 'not';
  if (negate) parts.pop();
  return { path: parts.join('.'), negate, op };
}

function rangeHeader(req: Request, root: Level): void {
  const range = req.headers.get('range');
  if (!range) return;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
  if (!m) return;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : undefined;
  root.offset = root.offset ?? from;
  if (to !== undefined) root.limit = Math.min(root.limit ?? Infinity, to - from + 1);
}

function stripObject(body: string): string {
  return body.slice(1, -1);
}

/** What PostgREST puts in the transaction besides the claims, and how it ends it. */
interface RequestContext {
  request: Record<string, string>;
  rollback: boolean;
  /** GET and HEAD run in a read-only transaction, as in PostgREST. */
  readOnly: boolean;
}

function requestContext(req: Request, url: URL, prefer: ReturnType<typeof parsePrefer>, txEnd?: string): RequestContext {
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  // As PostgREST's db-tx-end: Prefer tx=… is honoured only where the setting allows an override.
  const overridable = txEnd === 'commit-allow-override' || txEnd === 'rollback-allow-override';
  const rollback = overridable && prefer.tx ? prefer.tx === 'rollback' : txEnd?.startsWith('rollback') === true;
  const method = req.method.toUpperCase();
  return {
    readOnly: method === 'GET' || method === 'HEAD',
    request: {
      method,
      path: url.pathname.replace(/^\/rest\/v1/, '') || '/',
      headers: JSON.stringify(headers),
      cookies: JSON.stringify(cookies),
    },
    rollback,
  };
}

export interface RestDeps {
  db: Database;
  config: BackendConfig;
}

type Result = { body: string | null; n: number; total?: number | null; inserted?: number | null };

/** What the client accepts: PostgREST's media types for a body of rows. */
interface Format {
  csv: boolean;
  object: boolean;
  stripNulls: boolean;
}

function acceptFormat(accept: string | null): Format {
  const a = (accept ?? '').toLowerCase();
  return { csv: a.includes('text/csv'), object: a.includes(OBJECT_MIME), stripNulls: /nulls=stripped/.test(a) };
}

/**
 * The statement that renders rows of `inner` as the response body, as PostgREST does: a JSON array (nulls stripped
 * on request) or CSV (a header of the first row's keys, then each row as PostgreSQL's record text).
 */
function bodySql(inner: string, format: Format, extra = ''): string {
  const body = format.csv
    ? `coalesce((select string_agg(_k, ',') from json_object_keys(json_agg(_r) -> 0) _k), '') || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')`
    : format.stripNulls
      ? `json_strip_nulls(coalesce(json_agg(_r), '[]'::json))::text`
      : `coalesce(json_agg(_r), '[]'::json)::text`;
  return `select ${body} as body, count(*)::int as n${extra} from (${inner}) _r`;
}

const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export function createRest({ db, config }: RestDeps): (req: Request) => Promise<Response> {
  const { maxRows, schemas } = readProjectConfig(config.projectDir).api;
  const catalogs = new Map<string, Promise<Catalog>>();
  /** The schema cache of one exposed schema, loaded at its first request (and again when something is not found). */
  const catalogOf = (schema: string, reload = false): Promise<Catalog> => {
    let catalog = catalogs.get(schema);
    if (!catalog || reload) {
      catalog = loadCatalog(db, schema).catch((err) => {
        catalogs.delete(schema);
        throw err;
      });
      catalogs.set(schema, catalog);
    }
    return catalog;
  };

  async function tableOrThrow(getCatalog: (reload?: boolean) => Promise<Catalog>, name: string): Promise<{ cat: Catalog; table: TableInfo }> {
    let cat = await getCatalog();
    let table = cat.tables.get(name);
    if (!table) {
      cat = await getCatalog(true);
      table = cat.tables.get(name);
    }
    if (!table) throw new ApiError(404, 'PGRST205', `Could not find the table '${cat.schema}.${name}' in the schema cache`);
    return { cat, table };
  }

  return async function handle(req: Request): Promise<Response> {
    let role = 'anon';
    try {
      let claims;
      try {
        claims = requestToken(req) === null ? { role: 'anon' } : await requestClaims(req, config);
      } catch (err) {
        if (err instanceof AuthError) throw new ApiError(401, 'PGRST301', err.message);
        throw err;
      }
      role = roleOf(claims);
      const url = new URL(req.url);
      // Accept-Profile (GET, HEAD) or Content-Profile (writes, rpc by POST) picks one of `[api] schemas`; the first is
      // the default.
      const reading = req.method === 'GET' || req.method === 'HEAD';
      const profile = req.headers.get(reading ? 'accept-profile' : 'content-profile');
      if (profile !== null && !schemas.includes(profile))
        throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`, null, null);
      const schema = profile ?? schemas[0]!;
      const S = q(schema);
      const getCatalog = (reload = false) => catalogOf(schema, reload);
      const path = decodePath(url.pathname.replace(/^\/rest\/v1\/?/, ''));
      const format = acceptFormat(req.headers.get('accept'));
      const wantsObject = format.object;
      const prefer = parsePrefer(req.headers.get('prefer'));
      const method = req.method.toUpperCase();
      const maxAffected = maxAffectedOf(prefer);
      const settings = db.roleSettings.get(roleOf(claims))?.settings;
      const ctx = requestContext(req, url, prefer, settings?.get('pgrst.db_tx_end'));
      const aggregates = settings?.get('pgrst.db_aggregates_enabled') === 'true';

      if (path === '' && method === 'GET') {
        const cat = await getCatalog();
        return json({ swagger: '2.0', info: { title: 'local-supabase' }, paths: Object.fromEntries([...cat.tables.keys()].map((t) => [`/${t}`, {}])) });
      }

      let result: Result;
      let status = 200;
      let fnForObject = false;
      let rpcRange: string | null = null;
      if (path.startsWith('rpc/')) {
        const name = path.slice(4);
        let cat = await getCatalog();
        if (!cat.functions.has(name)) cat = await getCatalog(true);
        const overloads = cat.functions.get(name) ?? null;
        const parsed = parseQuery(url, method === 'GET' || method === 'HEAD', overloads);
        rangeHeader(req, parsed.root);
        const isPost = method === 'POST';
        let body: unknown = {};
        if (method === 'GET' || method === 'HEAD') body = Object.fromEntries(parsed.args);
        else if (isPost) body = await readBody(req, true);
        else throw new ApiError(405, 'PGRST101', 'Cannot use the ' + method + ' method on RPC');
        const args: Record<string, unknown> = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        const fn = findFunction(name, overloads ?? [], Object.keys(args), isPost, schema);
        const b = new Builder(cat, parsed.levels, maxRows, aggregates);
        const call = isSingleUnnamedJson(fn)
          ? `${S}.${q(fn.name)}(${b.param(JSON.stringify(body))}::${fn.args[0]!.type})`
          : `${S}.${q(fn.name)}(${fn.args
              .filter((a) => a.name in args)
              // An unnamed parameter (the only one, see findFunction) is passed by position; a table's row type
              // takes a JSON object (as PostgREST builds the argument from the body's object).
              .map((a) => {
                const name = a.name === '' ? '' : `${q(a.name)} => `;
                const value = args[a.name];
                if (cat.tables.has(a.type.replace(`${schema}.`, '').replace(/^"(.*)"$/, '$1')) && value !== null && typeof value === 'object')
                  return `${name}json_populate_record(null::${a.type}, ${b.param(JSON.stringify(value))}::json)`;
                return `${name}${b.param(argValue(value, a.type))}::${a.type}`;
              })
              .join(', ')})`;
        const composite = fn.returnColumns !== null;
        if (fn.returnType === 'void') {
          // PostgREST 12: a void function answers 204 (supabase-js: data null).
          await run(claims, ctx, `select ${call}::text as body, 0 as n`, b.params);
          return new Response(null, { status: 204 });
        }
        if (composite) {
          // Rows of a table keep its relationships (embedding from the result); other row types are columns only.
          const pseudo: TableInfo = (fn.returnTable && cat.tables.get(fn.returnTable)) || {
            name: fn.name,
            columns: new Map(fn.returnColumns!.map((c) => [c, ''])),
            primaryKey: [],
            generated: new Set(),
          };
          const list = b.selectList(pseudo, '_f', parsed.select, '');
          const where = b.where(pseudo, '_f', parsed.root.conditions, b.innerConditions(pseudo, '_f', parsed.select, ''));
          const count = prefer.count && fn.returnsSet ? `, (select count(*) from ${call} as _f${where})::int as total` : '';
          const sql = bodySql(`select ${list} from ${call} as _f${where}${b.groupBy(pseudo, '_f', parsed.select, '')}${b.orderBy(pseudo, '_f', parsed.root.order)}${b.limits(parsed.root)}`, format, count);
          result = await run(claims, ctx, sql, b.params, fn.returnsSet ? maxAffected : null);
          fnForObject = !fn.returnsSet;
        } else if (fn.returnsSet) {
          // SETOF a scalar: an array of the values.
          const count = prefer.count ? `, (select count(*) from ${call} as _f)::int as total` : '';
          result = await run(claims, ctx, `select coalesce(json_agg(_f), '[]'::json)::text as body, count(*)::int as n${count} from (select _f from ${call} as _f${b.limits(parsed.root)}) _r`, b.params, maxAffected);
        } else {
          result = await run(claims, ctx, `select to_json(${call})::text as body, 1 as n`, b.params);
        }
        if (!fn.returnsSet && prefer.count) rpcRange = '0-0/1';
        if (fn.returnsSet) {
          const offset = parsed.root.offset ?? 0;
          rpcRange = `${result.n === 0 ? '*' : `${offset}-${offset + result.n - 1}`}/${result.total ?? '*'}`;
        }
        if (fnForObject && result.body) result.body = result.n === 0 ? 'null' : stripObject(result.body);
      } else {
        const { cat, table } = await tableOrThrow(getCatalog, path);
        const parsed = parseQuery(url, false, null);
        rangeHeader(req, parsed.root);
        const b = new Builder(cat, parsed.levels, method === 'GET' || method === 'HEAD' ? maxRows : null, aggregates);
        const representation = prefer.return === 'representation';
        const outer = (source: string, extra = '') => bodySql(`select ${b.selectList(table, '_t', parsed.select, '')} from ${source} as _t`, format, extra);
        if (method === 'GET' || method === 'HEAD') {
          const whereSql = b.where(table, '_t', parsed.root.conditions, b.innerConditions(table, '_t', parsed.select, ''));
          const list = b.selectList(table, '_t', parsed.select, '');
          const inner = `select ${list} from ${S}.${q(table.name)} as _t${whereSql}${b.groupBy(table, '_t', parsed.select, '')}${b.orderBy(table, '_t', parsed.root.order)}${b.limits(parsed.root)}`;
          // count=exact counts; estimated counts up to max_rows and beyond it takes the planner's estimate; planned
          // takes the estimate (PostgREST's three count modes).
          const counted = prefer.count === 'estimated' && maxRows !== null ? ` limit ${maxRows + 1}` : '';
          const count =
            prefer.count === 'exact' || prefer.count === 'estimated'
              ? `, (select count(*) from (select 1 from ${S}.${q(table.name)} as _t${whereSql}${counted}) _c)::int as total`
              : '';
          const sql = bodySql(inner, format, count);
          if (parsed.select.some((i) => i.kind === 'embed')) await checkCost(claims, sql, b.params);
          result = await run(claims, ctx, sql, b.params);
          if (prefer.count === 'planned' || (prefer.count === 'estimated' && maxRows !== null && (result.total ?? 0) > maxRows)) {
            const c = new Builder(cat, parsed.levels, null);
            const where = c.where(table, '_t', parsed.root.conditions, c.innerConditions(table, '_t', parsed.select, ''));
            result.total = await plannedRows(claims, `select 1 from ${S}.${q(table.name)} as _t${where}`, c.params);
          }
          const offset = parsed.root.offset ?? 0;
          const range = result.n === 0 ? '*' : `${offset}-${offset + result.n - 1}`;
          const headers: Record<string, string> = { 'content-range': `${range}/${result.total ?? '*'}` };
          return answer(result, format, rangeStatus(offset, result.n, result.total ?? null), headers, method === 'HEAD');
        }
        if (method === 'POST') {
          const body = await readBody(req, false);
          const rows = Array.isArray(body) ? body : [body];
          if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
            throw new ApiError(400, 'PGRST102', 'All object keys must match');
          const cols = parsed.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
          for (const c of cols)
            if (!table.columns.has(c))
              throw new ApiError(400, 'PGRST204', `Could not find the '${c}' column of '${table.name}' in the schema cache`);
          const colList = cols.map(q).join(', ');
          const data = b.param(JSON.stringify(rows));
          let conflict = '';
          if (prefer.resolution) {
            const target = parsed.onConflict ?? table.primaryKey;
            for (const c of target) b.checkColumn(table, c);
            if (!target.length) throw new ApiError(400, 'PGRST103', 'on_conflict requires a unique column');
            // As PostgREST builds it: every column of the body is set from EXCLUDED, the conflict target's too, so a
            // body of only the key still updates (and returns) the existing row.
            conflict =
              prefer.resolution === 'ignore-duplicates'
                ? ` on conflict (${target.map(q).join(', ')}) do nothing`
                : ` on conflict (${target.map(q).join(', ')}) do update set ${cols.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
          }
          // Prefer: missing=default: a key absent from a row takes the column's default (else every listed column
          // is taken from the row, null when absent).
          const source =
            prefer.missing === 'default'
              ? `select ${cols.map((c) => `case when _j.j ? ${literal(c)} then _v.${q(c)} else ${table.defaults?.get(c) ?? 'null'} end`).join(', ')} from jsonb_array_elements(${data}::jsonb) as _j(j) cross join lateral jsonb_populate_record(null::${S}.${q(table.name)}, _j.j) as _v`
              : `select ${colList} from json_populate_recordset(null::${S}.${q(table.name)}, ${data}::json)`;
          const insert = cols.length
            ? `insert into ${S}.${q(table.name)} as _t (${colList}) ${source}${conflict}`
            : `insert into ${S}.${q(table.name)} as _t default values`;
          // An upsert tells inserted rows from updated ones (xmax is 0 for a row this statement inserted): all
          // updated answers 200, as PostgREST.
          const merge = prefer.resolution === 'merge-duplicates' && cols.length > 0;
          if (merge)
            result = representation
              ? await run(claims, ctx, `with _w0 as (${insert} returning _t as _row, (_t.xmax = 0) as _ins), _w as (select (_w0._row).* from _w0) ${outer('_w', ', (select count(*) from _w0 where _ins)::int as inserted')}`, b.params)
              : await run(claims, ctx, `with _w0 as (${insert} returning (_t.xmax = 0) as _ins) select null::text as body, count(*)::int as n, count(*) filter (where _ins)::int as inserted from _w0`, b.params);
          else
            result = representation
              ? await run(claims, ctx, `with _w as (${insert} returning _t.*) ${outer('_w')}`, b.params)
              : await runWrite(claims, ctx, insert, b.params);
          status = merge && result.n > 0 && result.inserted === 0 ? 200 : 201;
        } else if (method === 'PATCH') {
          const body = await readBody(req, false);
          if (body === null || typeof body !== 'object' || Array.isArray(body))
            throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
          const cols = Object.keys(body);
          for (const c of cols)
            if (!table.columns.has(c))
              throw new ApiError(400, 'PGRST204', `Could not find the '${c}' column of '${table.name}' in the schema cache`);
          if (!cols.length) {
            result = { body: '[]', n: 0 };
          } else {
            const data = b.param(JSON.stringify(body));
            const update = `update ${S}.${q(table.name)} as _t set ${cols.map((c) => `${q(c)} = _v.${q(c)}`).join(', ')} from json_populate_record(null::${S}.${q(table.name)}, ${data}::json) as _v${b.where(table, '_t', parsed.root.conditions)}`;
            result = representation
              ? await run(claims, ctx, `with _w as (${update} returning _t.*) ${outer('_w')}`, b.params, maxAffected)
              : await runWrite(claims, ctx, update, b.params, maxAffected);
          }
          status = representation ? 200 : 204;
        } else if (method === 'DELETE') {
          const del = `delete from ${S}.${q(table.name)} as _t${b.where(table, '_t', parsed.root.conditions)}`;
          result = representation
            ? await run(claims, ctx, `with _w as (${del} returning _t.*) ${outer('_w')}`, b.params, maxAffected)
            : await runWrite(claims, ctx, del, b.params, maxAffected);
          status = representation ? 200 : 204;
        } else {
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
        }
        const headers: Record<string, string> = {};
        if (prefer.count) headers['content-range'] = `*/${result.n}`;
        if (!representation) return new Response(null, { status, headers });
        return answer(result, format, status, headers);
      }
      return answer(result, { ...format, object: wantsObject && !fnForObject }, status, rpcRange ? { 'content-range': rpcRange } : {}, method === 'HEAD');
    } catch (err) {
      const e = err instanceof ApiError ? err : fromPgError(err, role);
      if (e.status === 500) console.error('[rest]', err);
      return json(e.body(), e.status);
    }
  };

  function answer(result: Result, format: Format, status: number, headers: Record<string, string>, head = false): Response {
    let body = result.body ?? '[]';
    if (format.object && !format.csv) {
      if (result.n !== 1)
        throw new ApiError(
          406,
          'PGRST116',
          'Cannot coerce the result to a single JSON object',
          `The result contains ${result.n} rows`,
        );
      body = stripObject(body);
    }
    const type = format.csv ? 'text/csv' : format.object ? OBJECT_MIME : 'application/json';
    return new Response(head ? null : body, {
      status,
      headers: { 'content-type': `${type}; charset=utf-8`, ...headers },
    });
  }

  /** The planner's estimate of a statement's rows (`count=planned`), as the role sees the table. */
  async function plannedRows(claims: Claims, sql: string, params: unknown[]): Promise<number> {
    type Plan = [{ Plan: { 'Plan Rows': number } }];
    const plan = await queryAs<{ 'QUERY PLAN': Plan | string }>(db, claims, `explain (format json) ${sql}`, params);
    const raw = plan.rows[0]!['QUERY PLAN'];
    return (typeof raw === 'string' ? (JSON.parse(raw) as Plan) : raw)[0].Plan['Plan Rows'];
  }

  /**
   * Refuses a read whose estimated cost is over the role's `plan_filter.statement_cost_limit`, as Supabase's
   * pg_plan_filter does (54000, before it runs). Embedded reads are where one request's cost multiplies level by
   * level; on PGlite such a statement would hold the one engine until its timeout.
   */
  async function checkCost(claims: Claims, sql: string, params: unknown[]): Promise<void> {
    const own = db.roleSettings.get(roleOf(claims));
    const limit = own?.costLimit;
    const bytesLimit = own?.answerBytesLimit;
    if (!limit && !bytesLimit) return;
    type Plan = [{ Plan: PlanNode }];
    const plan = await queryAs<{ 'QUERY PLAN': Plan | string }>(db, claims, `explain (format json) ${sql}`, params);
    const raw = plan.rows[0]!['QUERY PLAN'];
    const root = (typeof raw === 'string' ? (JSON.parse(raw) as Plan) : raw)[0].Plan;
    const cost = root['Total Cost'];
    if (limit && cost > limit)
      throw new ApiError(400, '54000', 'plan cost limit exceeded', null, `The plan for your query shows that it would probably have an execution cost above ${limit}.`);
    if (bytesLimit && plannedBytes(root) > bytesLimit)
      throw new ApiError(
        400,
        '54000',
        'answer size limit exceeded',
        null,
        `The plan for your query shows that its answer would probably be larger than ${bytesLimit} bytes: select fewer columns or levels, or page with limit.`,
      );
  }

  async function run(claims: Claims, ctx: RequestContext, sql: string, params: unknown[], maxAffected: number | null = null): Promise<Result> {
    const toResult = (row: { body: string; n: number; total?: number; inserted?: number }): Result => ({
      body: row.body,
      n: Number(row.n),
      total: row.total === undefined ? null : Number(row.total),
      inserted: row.inserted === undefined ? null : Number(row.inserted),
    });
    if (maxAffected !== null) return guarded(claims, ctx, sql, params, maxAffected, (out) => toResult(out.rows[0] as never));
    const out = await queryAs<{ body: string; n: number; total?: number; inserted?: number }>(db, claims, sql, params, ctx);
    return toResult(out.rows[0]!);
  }

  async function runWrite(claims: Claims, ctx: RequestContext, sql: string, params: unknown[], maxAffected: number | null = null): Promise<Result> {
    if (maxAffected !== null) return guarded(claims, ctx, sql, params, maxAffected, (out) => ({ body: null, n: out.affectedRows }));
    const out = await queryAs(db, claims, sql, params, ctx);
    return { body: null, n: out.affectedRows };
  }

  /**
   * `Prefer: handling=strict, max-affected=N`: the statement runs, and when it touched more than N rows the
   * transaction is rolled back and the answer is 400 PGRST124, as PostgREST does.
   */
  async function guarded(
    claims: Claims,
    ctx: RequestContext,
    sql: string,
    params: unknown[],
    max: number,
    read: (out: { rows: Record<string, unknown>[]; affectedRows: number }) => Result,
  ): Promise<Result> {
    const { prelude, timeoutMs } = requestPrelude(db, claims, ctx.request);
    const rollback = new Error('rollback');
    let result: Result | null = null;
    try {
      await db.transaction(
        async (tx) => {
          result = read(await tx.query(sql, params));
          if (result.n > max)
            throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${result.n} rows`);
          if (ctx.rollback) throw rollback;
        },
        ctx.readOnly ? `set transaction read only; ${prelude}` : prelude,
        { timeoutMs },
      );
    } catch (err) {
      if (err !== rollback) throw err;
    }
    return result!;
  }
}

/**
 * PostgREST's status for a read whose total is known (a count was asked for): 416 when the range starts past the
 * end (PGRST103), 206 when the rows answered are fewer than the total, else 200.
 */
function rangeStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total)
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  return n < total ? 206 : 200;
}

/** `Prefer: max-affected=N`, honoured with `handling=strict` on PATCH, DELETE and rpc (PostgREST 12.1+). */
function maxAffectedOf(prefer: ReturnType<typeof parsePrefer>): number | null {
  const raw = prefer['max-affected'];
  if (prefer.handling !== 'strict' || raw === undefined) return null;
  if (!/^\d+$/.test(raw)) throw new ApiError(400, 'PGRST100', `failed to parse Prefer header (max-affected=${raw})`, 'expected a non-negative integer');
  return Number(raw);
}

interface PlanNode {
  'Total Cost': number;
  'Plan Rows': number;
  'Plan Width': number;
  'Parent Relationship'?: string;
  'Node Type': string;
  Plans?: PlanNode[];
}

/**
 * The bytes a plan reads into its answer, estimated: every table scan's rows × width, a subplan's counted once per row of
 * the node that runs it (an embed runs once per parent row), a nested loop's inner side once per outer row.
 */
export function plannedBytes(node: PlanNode, loops = 1): number {
  const rows = node['Plan Rows'] * loops;
  const children = node.Plans ?? [];
  const type = node['Node Type'];
  const reads = type.endsWith('Scan') && type !== 'Subquery Scan' && type !== 'CTE Scan' && type !== 'Bitmap Index Scan';
  const outer = children.find((c) => c['Parent Relationship'] === 'Outer');
  let sum = reads ? rows * node['Plan Width'] : 0;
  for (const child of children) {
    const relation = child['Parent Relationship'];
    const times =
      relation === 'SubPlan'
        ? rows
        : relation === 'Inner' && node['Node Type'] === 'Nested Loop' && outer
          ? outer['Plan Rows'] * loops
          : loops;
    sum += plannedBytes(child, times);
  }
  return sum;
}

/** Percent-decodes a path; a malformed escape stays as written (as PostgREST's server does), never a crash. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The body through the package's reader, with PostgREST's error for an empty or bad one. */
async function readBody(req: Request, allowEmpty: boolean): Promise<unknown> {
  let value: unknown;
  try {
    value = await readJson(req);
  } catch (err) {
    if (err instanceof InvalidJson) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', err.tooDeep ? err.message : null);
    throw err;
  }
  if (value !== undefined) return value;
  if (allowEmpty) return {};
  throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
}

const isSingleUnnamedJson = (f: FunctionInfo): boolean =>
  f.args.length === 1 && f.args[0]!.name === '' && (f.args[0]!.type === 'json' || f.args[0]!.type === 'jsonb');

/**
 * Picks the overload a call means, as PostgREST does: the argument names must be the required parameters plus any
 * of the optional ones; failing that, a POST may go to a function with a single unnamed json/jsonb parameter.
 * More than one candidate is 300 PGRST203.
 */
function findFunction(name: string, all: FunctionInfo[], keys: string[], isPost: boolean, schema = 'public'): FunctionInfo {
  const given = new Set(keys);
  // PostgREST's schema cache keeps a function with unnamed parameters only when it has one, of a type a request body
  // can be (json, jsonb, text, xml, bytea); such a parameter is the argument named "".
  const overloads = all.filter(
    (f) => !f.args.some((a) => a.name === '') || (f.args.length === 1 && ['json', 'jsonb', 'text', 'xml', 'bytea'].includes(f.args[0]!.type)),
  );
  const matches = overloads.filter((f) => {
    if (f.args.length === 0) return given.size === 0;
    const optional = new Set(f.args.filter((a) => a.hasDefault).map((a) => a.name));
    const required = f.args.filter((a) => !a.hasDefault).map((a) => a.name);
    const rest = [...given].filter((k) => !optional.has(k));
    return rest.length === required.length && required.every((r) => given.has(r));
  });
  const fallback = isPost ? overloads.filter(isSingleUnnamedJson) : [];
  const candidates = matches.length ? matches : fallback;
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1)
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates
        .map((f) => `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  const sorted = [...given].sort();
  const withParams = sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`,
    `Searched for the function ${schema}.${name}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
  );
}

function argValue(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(v);
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
