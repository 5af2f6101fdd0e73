import type { Catalog, Relationship, TableInfo } from './catalog.ts';
import { Errors } from './errors.ts';
import { fuzzyBest, fuzzyMatches } from './fuzzy.ts';
import type { Condition, Prefer, SelectItem } from './parse.ts';
import type { Level, QueryParams } from './request.ts';

/**
 * Plan (PostgREST's Plan.hs): a request resolved against the schema cache. Every "not found" and "ambiguous"
 * decision about tables, relationships and functions is made here; the SQL builder only renders a plan.
 */

export type PlanColumn = Extract<SelectItem, { kind: 'column' }>;

export type PlanItem =
  | { kind: 'star' }
  | PlanColumn
  | {
      kind: 'embed';
      /** The key in the answer: the alias, else the name as written. */
      name: string;
      rel: Relationship;
      node: ReadNode;
      /** `!inner`: the parent keeps only rows that have a match. */
      inner: boolean;
      /** `...rel(cols)`: the columns become the parent's. */
      spread: boolean;
    };

export type EmbedItem = Extract<PlanItem, { kind: 'embed' }>;

/** One level of a read: a table (or a function's row type), what to select from it, and its filters and paging. */
export interface ReadNode {
  table: TableInfo;
  /** What the level selects; empty for `rel()`, which only filters (with !inner) and is left out of the answer. */
  items: PlanItem[];
  level: Level;
  /** 0 for the top level, one more for each embed: PostgREST names an embedded level's table `<table>_<depth>`. */
  depth: number;
}

export type MutatePlan =
  | {
      kind: 'insert';
      table: TableInfo;
      columns: string[];
      rows: unknown[];
      /** Upsert: the conflict target and whether a conflicting row is left as it is (ignore) or updated. */
      conflict: { target: string[]; ignore: boolean } | null;
      /** `resolution=merge-duplicates`: inserted rows are told from updated ones (all updated answers 200). */
      merge: boolean;
      /** `Prefer: missing=default`: a key absent from a row takes the column's default. */
      missingDefault: boolean;
      returning: ReadNode;
    }
  | {
      kind: 'update';
      table: TableInfo;
      columns: string[];
      values: Record<string, unknown>;
      where: Condition[];
      returning: ReadNode;
    }
  | { kind: 'delete'; table: TableInfo; where: Condition[]; returning: ReadNode };

const EMPTY_LEVEL = (): Level => ({ conditions: [], order: [] });

export function tableOf(cat: Catalog, name: string): TableInfo {
  const table = cat.tables.get(name);
  if (!table) {
    // PostgREST's hint: the closest table or view name (similarity at least 0.75).
    const close = fuzzyBest([...cat.tables.keys()], name, 0.75);
    throw Errors.notFoundTable(
      cat.schema,
      name,
      close === null ? null : `Perhaps you meant the table '${cat.schema}.${close}'`,
    );
  }
  return table;
}

/** A read's plan tree: the top level over `table` and every embed resolved to its relationship and target. */
export function planRead(
  cat: Catalog,
  table: TableInfo,
  query: QueryParams,
  aggregatesAllowed: boolean,
): ReadNode {
  return planNode(cat, table, query.select, query.levels, '', query.root, aggregatesAllowed, 0);
}

function planNode(
  cat: Catalog,
  table: TableInfo,
  select: SelectItem[],
  levels: Map<string, Level>,
  path: string,
  level: Level,
  aggregatesAllowed: boolean,
  depth: number,
): ReadNode {
  const items: PlanItem[] = [];
  for (const item of select) {
    if (item.kind === 'star') items.push(item);
    else if (item.kind === 'column') {
      if (item.aggregate && !aggregatesAllowed) throw Errors.aggregatesNotAllowed();
      // `rel(count)`: inside an embed, a bare `count` that is no column counts the rows (as PostgREST).
      const bareCount =
        path !== '' &&
        item.column === 'count' &&
        !item.path.length &&
        !item.aggregate &&
        !table.columns.has('count');
      items.push(
        bareCount
          ? {
              kind: 'column',
              column: '',
              path: [],
              aggregate: 'count',
              ...(item.alias ? { alias: item.alias } : {}),
            }
          : item,
      );
    } else {
      const { rel, target } = resolveRelationship(cat, table, item.relation, item.hint);
      const levelPath = `${path}${item.alias ?? item.relation}`;
      let inner = item.select;
      if (item.spread) {
        inner = inner.flatMap((i): SelectItem[] => {
          if (i.kind === 'embed' && i.spread)
            throw Errors.parse(
              'select parameter',
              `a spread inside a spread ("...${i.relation}") is not supported`,
            );
          return i.kind === 'star'
            ? [...target.columns.keys()].map((column) => ({ kind: 'column', column, path: [] }))
            : [i];
        });
      }
      const node = planNode(
        cat,
        target,
        inner,
        levels,
        `${levelPath}.`,
        levels.get(levelPath) ?? EMPTY_LEVEL(),
        aggregatesAllowed,
        depth + 1,
      );
      items.push({
        kind: 'embed',
        name: item.alias ?? item.relation,
        rel,
        node,
        inner: item.inner,
        spread: item.spread === true,
      });
    }
  }
  return { table, items, level, depth };
}

const CARDINALITY = {
  m2o: 'many-to-one',
  o2m: 'one-to-many',
  o2o: 'one-to-one',
  m2m: 'many-to-many',
  computed: 'computed',
} as const;

/**
 * PostgREST's hint for PGRST200: when the parent has relationships, the closest of their targets other than the name
 * itself; when it has none, the closest table that has some.
 */
function noRelationshipHint(cat: Catalog, parent: string, child: string): string | null {
  const own = cat.relationships.get(parent) ?? [];
  if (own.length) {
    const close = fuzzyMatches([...new Set(own.map((r) => r.target))], child, 0.33).find(
      ([score]) => score < 1,
    );
    return close ? `Perhaps you meant '${close[1]}' instead of '${child}'.` : null;
  }
  const close = fuzzyBest([...cat.relationships.keys()], parent);
  return close === null ? null : `Perhaps you meant '${close}' instead of '${parent}'.`;
}

/** PostgREST's findRel: which relationship `name!hint` means from `parent`; none is PGRST200, several PGRST201. */
export function resolveRelationship(
  cat: Catalog,
  parent: TableInfo,
  name: string,
  hint: string | undefined,
): { rel: Relationship; target: TableInfo } {
  const single = (r: Relationship) =>
    r.kind !== 'm2m' && r.kind !== 'computed' && r.columns.length === 1 ? r.columns[0]! : null;
  const fkCol = (h: string, r: Relationship) => single(r)?.[0] === h;
  const refCol = (h: string, r: Relationship) => single(r)?.[1] === h;
  const constraint = (h: string, r: Relationship) =>
    r.kind !== 'm2m' && r.kind !== 'computed' && r.constraint === h;
  const found = (cat.relationships.get(parent.name) ?? []).filter((r) => {
    if (r.kind === 'computed') return name === r.fn;
    if (r.isSelf && r.kind !== 'm2m') {
      // One foreign key, two directions: the table's name is the children (to-many), the column's the parent.
      if (hint === undefined)
        return (name === r.target && r.kind !== 'm2o') || (fkCol(name, r) && r.kind !== 'o2m');
      return name === r.target && r.kind !== 'm2o' && refCol(hint, r);
    }
    // A constraint or column name embeds a table, never a view (PostgREST's findRel).
    if (hint === undefined)
      return (
        name === r.target || ((constraint(name, r) || fkCol(name, r)) && !cat.tables.get(r.target)?.view)
      );
    return (
      name === r.target &&
      (constraint(hint, r) || fkCol(hint, r) || refCol(hint, r) || (r.kind === 'm2m' && r.junction === hint))
    );
  });
  if (found.length === 0)
    throw Errors.notFoundRelationship(
      parent.name,
      name,
      hint,
      cat.schema,
      noRelationshipHint(cat, parent.name, name),
    );
  if (found.length > 1) {
    const describe = (r: Relationship) =>
      r.kind === 'computed'
        ? `${r.fn}(${r.origin})`
        : r.kind === 'm2m'
          ? `${cat.schema}.${r.junction} using ${r.source.map(([, j]) => j).join(', ')} and ${r.dest.map(([, j]) => j).join(', ')}`
          : `${r.constraint} using ${r.origin}(${r.columns.map(([o]) => o).join(', ')}) and ${r.target}(${r.columns.map(([, t]) => t).join(', ')})`;
    throw Errors.ambiguousRelationship(
      parent.name,
      name,
      found.map((r) => ({
        cardinality: CARDINALITY[r.kind],
        embedding: `${parent.name} with ${r.target}`,
        relationship: describe(r),
      })),
      found.map((r) => (r.kind === 'm2m' ? r.junction : r.kind === 'computed' ? r.fn : r.constraint)),
    );
  }
  const rel = found[0]!;
  return { rel, target: cat.tables.get(rel.target)! };
}

function checkBodyColumns(table: TableInfo, columns: string[]): void {
  for (const c of columns) if (!table.columns.has(c)) throw Errors.notFoundColumn(c, table.name);
}

/** POST on a table: the rows, the columns they set, and (with `Prefer: resolution=…`) the upsert's conflict target. */
export function planInsert(
  table: TableInfo,
  query: QueryParams,
  prefer: Prefer,
  body: unknown,
  returning: ReadNode,
): MutatePlan {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) throw Errors.keysMismatch();
  const columns = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
  checkBodyColumns(table, columns);
  let conflict: { target: string[]; ignore: boolean } | null = null;
  if (prefer.resolution) {
    const target = query.onConflict ?? table.primaryKey;
    for (const c of target) if (!table.columns.has(c)) throw Errors.undefinedColumn(table.name, c);
    if (!target.length) throw Errors.noConflictTarget();
    conflict = { target, ignore: prefer.resolution === 'ignore-duplicates' };
  }
  const merge = prefer.resolution === 'merge-duplicates' && columns.length > 0;
  return {
    kind: 'insert',
    table,
    columns,
    rows,
    conflict,
    merge,
    missingDefault: prefer.missing === 'default',
    returning,
  };
}

/** PATCH: one object of column values, applied to the rows the top level's filters select. */
export function planUpdate(
  table: TableInfo,
  query: QueryParams,
  body: unknown,
  returning: ReadNode,
): MutatePlan {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw Errors.invalidBody();
  const values = body as Record<string, unknown>;
  const columns = Object.keys(values);
  checkBodyColumns(table, columns);
  return { kind: 'update', table, columns, values, where: query.root.conditions, returning };
}

export function planDelete(table: TableInfo, query: QueryParams, returning: ReadNode): MutatePlan {
  return { kind: 'delete', table, where: query.root.conditions, returning };
}
