import type { Catalog, FunctionInfo, TableInfo } from './catalog.ts';
import { Errors } from './errors.ts';
import { fuzzyBest } from './fuzzy.ts';
import { planRead, type ReadNode } from './plan.ts';
import type { QueryParams } from './request.ts';

/** The call plan (PostgREST's CallPlan): which function an rpc means, how its arguments are passed, what it returns. */

/** How one argument is passed: by name (`''` for the one unnamed parameter, by position), as a value or a row. */
export interface CallArg {
  name: string;
  type: string;
  /** `row`: a table's row type given a JSON object (json_populate_record); `value`: bound and cast. */
  form: 'row' | 'value';
  value: unknown;
}

export interface CallPlan {
  fn: FunctionInfo;
  /** A function of a single unnamed json/jsonb parameter takes the whole body. */
  wholeBody: { type: string; body: unknown } | null;
  args: CallArg[];
  /** void → 204; rows → a read over the function's rows; setof-scalar → an array of values; scalar → one value. */
  returns: 'void' | 'rows' | 'setof-scalar' | 'scalar';
  /** The read over the function's rows (`rows`): a table's rows keep its relationships, other row types are columns. */
  node: ReadNode | null;
}

const isSingleUnnamedJson = (f: FunctionInfo): boolean =>
  f.args.length === 1 &&
  f.args[0]!.name === '' &&
  (f.args[0]!.type === 'json' || f.args[0]!.type === 'jsonb');

/**
 * Picks the overload a call means, as PostgREST does: the argument names must be the required parameters plus any
 * of the optional ones; failing that, a POST may go to a function with a single unnamed json/jsonb parameter.
 * More than one candidate is 300 PGRST203; none is 404 PGRST202.
 */
export function findFunction(
  name: string,
  all: FunctionInfo[],
  keys: string[],
  isPost: boolean,
  schema = 'public',
  /** Every exposed function's name in the schema, for the hint when `name` is none of them. */
  allNames: string[] = [],
): FunctionInfo {
  const given = new Set(keys);
  const overloads = [...all].sort(byOverloadOrder).filter(isExposed);
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
    throw Errors.ambiguousFunction(
      candidates.map((f) => `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`),
    );
  throw Errors.notFoundFunction(
    schema,
    name,
    [...given],
    isPost,
    noFunctionHint(schema, name, [...given], overloads, allNames),
  );
}

/**
 * PostgREST's schema cache keeps a function with unnamed parameters only when it has one, of a type a request body
 * can be (json, jsonb, text, xml, bytea); such a parameter is the argument named "".
 */
export const isExposed = (f: FunctionInfo): boolean =>
  !f.args.some((a) => a.name === '') ||
  (f.args.length === 1 && ['json', 'jsonb', 'text', 'xml', 'bytea'].includes(f.args[0]!.type));

/**
 * PostgREST's hint for PGRST202: with overloads of that name, the closest parameter list (`(a, b)`, names sorted);
 * without, the closest function name (similarity at least 0.75).
 */
function noFunctionHint(
  schema: string,
  name: string,
  keys: string[],
  overloads: FunctionInfo[],
  allNames: string[],
): string | null {
  const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const found = overloads.length
    ? fuzzyBest(
        overloads.map((f) => asText(f.args.map((a) => a.name))),
        asText(keys),
        0.33,
      )
    : fuzzyBest(allNames, name, 0.75);
  if (found === null) return null;
  return `Perhaps you meant to call the function ${schema}.${overloads.length ? name : ''}${found}`;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of overloads in PostgREST's schema cache (its `Ord Routine`): fewer parameters first, then the
 * parameters compared one by one, by name and then type. PGRST203 lists the candidates in this order.
 */
export function byOverloadOrder(a: FunctionInfo, b: FunctionInfo): number {
  if (a.args.length !== b.args.length) return a.args.length - b.args.length;
  for (let i = 0; i < a.args.length; i++) {
    const x = a.args[i]!;
    const y = b.args[i]!;
    const c = compareText(x.name, y.name) || compareText(x.type, y.type);
    if (c !== 0) return c;
  }
  return 0;
}

/** A call: the function the arguments choose, how each is passed, and the read over what it returns. */
export function planCall(
  cat: Catalog,
  name: string,
  overloads: FunctionInfo[],
  body: unknown,
  isPost: boolean,
  query: QueryParams,
  aggregatesAllowed: boolean,
): CallPlan {
  const args: Record<string, unknown> =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const exposed = [...cat.functions].filter(([, list]) => list.some(isExposed)).map(([n]) => n);
  const fn = findFunction(name, overloads, Object.keys(args), isPost, cat.schema, exposed);
  const isRowType = (type: string) =>
    cat.tables.has(type.replace(`${cat.schema}.`, '').replace(/^"(.*)"$/, '$1'));
  const wholeBody = isSingleUnnamedJson(fn) ? { type: fn.args[0]!.type, body } : null;
  const callArgs: CallArg[] = wholeBody
    ? []
    : fn.args
        .filter((a) => a.name in args)
        .map((a) => {
          const value = args[a.name];
          // A table's row type takes a JSON object (as PostgREST builds the argument from the body's object).
          const row = isRowType(a.type) && value !== null && typeof value === 'object';
          return {
            name: a.name,
            type: a.type,
            form: row ? 'row' : 'value',
            value: row ? JSON.stringify(value) : argValue(value, a.type),
          };
        });
  if (fn.returnType === 'void') return { fn, wholeBody, args: callArgs, returns: 'void', node: null };
  if (fn.returnColumns !== null) {
    // Rows of a table keep its relationships (embedding from the result); other row types are columns only.
    const pseudo: TableInfo = (fn.returnTable && cat.tables.get(fn.returnTable)) || {
      name: fn.name,
      columns: new Map(fn.returnColumns.map((c) => [c, ''])),
      primaryKey: [],
      generated: new Set(),
    };
    return {
      fn,
      wholeBody,
      args: callArgs,
      returns: 'rows',
      node: planRead(cat, pseudo, query, aggregatesAllowed),
    };
  }
  return { fn, wholeBody, args: callArgs, returns: fn.returnsSet ? 'setof-scalar' : 'scalar', node: null };
}

function argValue(v: unknown, type: string): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(v);
  if (Array.isArray(v)) return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
