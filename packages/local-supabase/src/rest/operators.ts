/**
 * PostgREST's filter operators as one table: how each one's value is read from the query string and which SQL it
 * renders. The parser (`parseOperation`) checks names, modifiers and values against it; the SQL builder renders
 * through it. Values are always bound parameters (`param`), never spliced into the SQL.
 */
type Shape =
  /** `col <sql> $1`, taking `(any)`/`(all)` when `quantifiable` (then a list `{a,b}` or `(a,b)` bound as an array). */
  | { kind: 'binary'; sql: string; quantifiable: boolean; like?: boolean }
  /** `col is null|not null|true|false|unknown`: a keyword, no parameter. */
  | { kind: 'is' }
  /** `col is distinct from $1`. */
  | { kind: 'isdistinct' }
  /** `col in ($1, $2, …)`: a list in parentheses; the empty list matches nothing. */
  | { kind: 'in' }
  /** `col @@ fn([$config::regconfig,] $1)`: full-text search, with an optional `(config)`. */
  | { kind: 'fts'; fn: string };

export const OPERATORS = {
  eq: { kind: 'binary', sql: '=', quantifiable: true },
  neq: { kind: 'binary', sql: '<>', quantifiable: true },
  gt: { kind: 'binary', sql: '>', quantifiable: true },
  gte: { kind: 'binary', sql: '>=', quantifiable: true },
  lt: { kind: 'binary', sql: '<', quantifiable: true },
  lte: { kind: 'binary', sql: '<=', quantifiable: true },
  like: { kind: 'binary', sql: 'like', quantifiable: true, like: true },
  ilike: { kind: 'binary', sql: 'ilike', quantifiable: true, like: true },
  match: { kind: 'binary', sql: '~', quantifiable: true },
  imatch: { kind: 'binary', sql: '~*', quantifiable: true },
  cs: { kind: 'binary', sql: '@>', quantifiable: false },
  cd: { kind: 'binary', sql: '<@', quantifiable: false },
  ov: { kind: 'binary', sql: '&&', quantifiable: false },
  sl: { kind: 'binary', sql: '<<', quantifiable: false },
  sr: { kind: 'binary', sql: '>>', quantifiable: false },
  // PostgREST: nxr is "does not extend to the right of" (&<), nxl "does not extend to the left of" (&>).
  nxr: { kind: 'binary', sql: '&<', quantifiable: false },
  nxl: { kind: 'binary', sql: '&>', quantifiable: false },
  adj: { kind: 'binary', sql: '-|-', quantifiable: false },
  is: { kind: 'is' },
  isdistinct: { kind: 'isdistinct' },
  in: { kind: 'in' },
  fts: { kind: 'fts', fn: 'to_tsquery' },
  plfts: { kind: 'fts', fn: 'plainto_tsquery' },
  phfts: { kind: 'fts', fn: 'phraseto_tsquery' },
  wfts: { kind: 'fts', fn: 'websearch_to_tsquery' },
} as const satisfies Record<string, Shape>;

export type OperatorName = keyof typeof OPERATORS;

export const isOperator = (name: string): name is OperatorName => Object.hasOwn(OPERATORS, name);

/** The keywords `is.` takes, and their SQL. */
export const IS_VALUES: Readonly<Record<string, string>> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/**
 * A parsed filter's value, in the form its operator's row asks for: text as written, a list (`in`, and a binary
 * operator under `(any)`/`(all)`), an `is` keyword's SQL, or a full-text query with its optional configuration.
 */
export type OperandValue =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'keyword'; sql: string }
  | { kind: 'search'; config?: string; query: string };

/** Which form an operator's value is read in (the parser reads it so). */
export function operandKind(op: OperatorName, modifier: 'any' | 'all' | undefined): OperandValue['kind'] {
  const shape: Shape = OPERATORS[op];
  if (shape.kind === 'is') return 'keyword';
  if (shape.kind === 'fts') return 'search';
  if (shape.kind === 'in' || modifier) return 'list';
  return 'text';
}

/** Whether an operator takes `(any)`/`(all)`. */
export const isQuantifiable = (op: OperatorName): boolean => {
  const shape: Shape = OPERATORS[op];
  return shape.kind === 'binary' && shape.quantifiable;
};

/** Whether an operator takes a text search configuration, `fts(english).…`. */
export const takesConfig = (op: OperatorName): boolean => OPERATORS[op].kind === 'fts';

/** Whether `*` in the value means `%` (like, ilike). */
export const isLike = (op: OperatorName): boolean => {
  const shape: Shape = OPERATORS[op];
  return shape.kind === 'binary' && shape.like === true;
};

/** The SQL of `expr <op> value`, every value bound through `param`. */
export function renderOperator(
  expr: string,
  op: OperatorName,
  modifier: 'any' | 'all' | undefined,
  value: OperandValue,
  param: (v: unknown) => string,
): string {
  const shape: Shape = OPERATORS[op];
  switch (value.kind) {
    case 'keyword':
      return `${expr} is ${value.sql}`;
    case 'search': {
      const fn = shape.kind === 'fts' ? shape.fn : 'to_tsquery';
      return value.config !== undefined
        ? `${expr} @@ ${fn}(${param(value.config)}::regconfig, ${param(value.query)})`
        : `${expr} @@ ${fn}(${param(value.query)})`;
    }
    case 'list':
      if (shape.kind === 'binary' && modifier)
        return `${expr} ${shape.sql} ${modifier}(${param(value.items)})`;
      return value.items.length ? `${expr} in (${value.items.map((v) => param(v)).join(', ')})` : 'false';
    case 'text':
      if (shape.kind === 'binary') return `${expr} ${shape.sql} ${param(value.text)}`;
      return `${expr} is distinct from ${param(value.text)}`;
  }
}
