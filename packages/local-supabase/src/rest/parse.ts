import { Errors } from './errors.ts';
import {
  IS_VALUES,
  isLike,
  isOperator,
  isQuantifiable,
  operandKind,
  takesConfig,
  type OperandValue,
  type OperatorName,
} from './operators.ts';

const parseError = Errors.parse;

/** One item of `select=`: a column (optionally aliased, cast, or a JSON path) or an embedded relation. */
export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      column: string;
      path: JsonStep[];
      alias?: string;
      cast?: string;
      aggregate?: Aggregate;
      aggregateCast?: string;
    }
  | {
      kind: 'embed';
      relation: string;
      hint?: string;
      inner: boolean;
      alias?: string;
      select: SelectItem[];
      spread?: boolean;
    };

/** PostgREST's aggregate functions (`count()`, `col.sum()`…), allowed when `db-aggregates-enabled`. */
export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max';
const AGGREGATE =
  /^(?:([A-Za-z_][A-Za-z0-9_]*):(?!:))?(?:(.+?)\.)?(count|sum|avg|min|max)\(\)(?:::([A-Za-z0-9_$ ]+))?$/;

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  column: string;
  path: JsonStep[];
}

export type Condition =
  | {
      kind: 'op';
      field: Field;
      negate: boolean;
      op: OperatorName;
      modifier?: 'any' | 'all';
      value: OperandValue;
    }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; items: Condition[] };

export interface OrderTerm {
  field: Field;
  desc: boolean;
  nulls?: 'first' | 'last';
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_$ ]*$/;

/** Splits on commas outside parentheses and double quotes. */
export function splitTop(text: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && quoted && i + 1 < text.length) {
      cur += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || ch === '{' || ch === '[')) depth++;
    else if (!quoted && (ch === ')' || ch === '}' || ch === ']')) depth--;
    if (ch === sep && depth === 0 && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0 || quoted)
    throw parseError('select or filter', `unbalanced brackets or quotes in "${text}"`);
  out.push(cur);
  return out;
}

export function parseField(text: string): Field {
  const parts = text.split(/(->>|->)/);
  let column = parts[0]!.trim();
  // A double-quoted name may hold any character but `"` (it is checked against the schema cache and quoted again).
  const quoted = /^"([^"]+)"$/.exec(column);
  if (quoted) column = quoted[1]!;
  else if (!IDENT.test(column)) throw parseError('field', `unexpected "${text}"`);
  const path: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i + 1] ?? '';
    if (key === '') throw parseError('field', `unexpected end of "${text}"`);
    path.push({ arrow: parts[i] as '->' | '->>', key });
  }
  return { column, path };
}

/**
 * How deep embeds may nest (`a(b(c(…)))`). PostgREST has no such limit and relies on the statement timeout; here
 * the cost of a read grows with the product of the levels' fan-out, so a request past it is refused before it runs.
 */
export const MAX_EMBED_DEPTH = 8;
/** How deep `and(…)`/`or(…)` trees may nest (PostgreSQL's parser would otherwise run out of stack). */
export const MAX_LOGIC_DEPTH = 64;

/** A cast is a type name: letters, digits, `_`, `$` and spaces (`double precision`), as PostgREST's grammar. */
const CAST = /^[A-Za-z0-9_$ ]+$/;

export function parseSelect(text: string, depth = 0): SelectItem[] {
  const items: SelectItem[] = [];
  for (const raw of splitTop(text.trim() === '' ? '*' : text)) {
    const part = raw.trim();
    if (part === '') continue;
    if (part === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    const agg = AGGREGATE.exec(part);
    if (agg) {
      let body = agg[2] ?? '';
      let cast: string | undefined;
      const castAt = body.indexOf('::');
      if (castAt >= 0) {
        cast = body
          .slice(castAt + 2)
          .trim()
          .replace(/\s+/g, ' ');
        body = body.slice(0, castAt);
        if (!CAST.test(cast))
          throw parseError('select parameter', `unexpected "${cast}" in a cast: expected a type name`);
      }
      if (body === '' && agg[3] !== 'count')
        throw parseError('select parameter', `${agg[3]}() needs a column: "col.${agg[3]}()"`);
      const field = body === '' ? { column: '', path: [] } : parseField(body);
      const aggregateCast = agg[4]?.trim().replace(/\s+/g, ' ');
      items.push({
        kind: 'column',
        column: field.column,
        path: field.path,
        alias: agg[1],
        cast,
        aggregate: agg[3] as Aggregate,
        aggregateCast,
      });
      continue;
    }
    const paren = part.indexOf('(');
    if (paren >= 0 && part.endsWith(')')) {
      let head = part.slice(0, paren);
      const spread = head.startsWith('...');
      if (spread) head = head.slice(3);
      const inside = part.slice(paren + 1, -1);
      let alias: string | undefined;
      const colon = head.indexOf(':');
      if (colon >= 0) {
        alias = head.slice(0, colon).trim();
        head = head.slice(colon + 1);
      }
      const [relation, ...hints] = head.split('!').map((s) => s.trim());
      let inner = false;
      let hint: string | undefined;
      for (const h of hints) {
        if (h === 'inner') inner = true;
        else if (h === 'left') inner = false;
        else hint = h;
      }
      if (!relation || !IDENT.test(relation) || (alias !== undefined && !IDENT.test(alias)))
        throw parseError('select parameter', `unexpected "${part}"`);
      if (depth + 1 > MAX_EMBED_DEPTH)
        throw parseError(
          'select parameter',
          `embedded resources are nested more than ${MAX_EMBED_DEPTH} levels deep`,
        );
      const select = inside.trim() === '' ? [] : parseSelect(inside, depth + 1);
      items.push({ kind: 'embed', relation, hint, inner, alias, select, ...(spread ? { spread } : {}) });
      continue;
    }
    let body = part;
    let alias: string | undefined;
    const m = /^([A-Za-z_][A-Za-z0-9_]*):(?!:)(.*)$/.exec(body);
    if (m) {
      alias = m[1];
      body = m[2]!;
    }
    let cast: string | undefined;
    const castAt = body.indexOf('::');
    if (castAt >= 0) {
      cast = body
        .slice(castAt + 2)
        .trim()
        .replace(/\s+/g, ' ');
      body = body.slice(0, castAt);
      if (!CAST.test(cast))
        throw parseError('select parameter', `unexpected "${cast}" in a cast: expected a type name`);
    }
    const field = parseField(body);
    items.push({ kind: 'column', column: field.column, path: field.path, alias, cast });
  }
  return items;
}

/**
 * Parses `[not.]op[(any|all)][(config)].value` against the operator table: the name must be one of it, a modifier
 * only on an operator that takes one, a configuration only on a full-text one, and the value is read in the form the
 * operator's row asks for.
 */
export function parseOperation(field: Field, text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\((any|all)\))?(?:\(([a-z_]+)\))?\.([\s\S]*)$/.exec(rest);
  const name = m?.[1];
  if (!m || name === undefined || !isOperator(name))
    throw parseError(`filter (${text})`, `unknown or malformed operator in "${text}"`);
  const op = name;
  const modifier = m[2] as 'any' | 'all' | undefined;
  const config = m[3];
  const raw = m[4]!;
  if (modifier && !isQuantifiable(op))
    throw parseError(`filter (${op})`, `operator ${op} takes no (any)/(all) modifier`);
  if (config !== undefined && !takesConfig(op))
    throw parseError(`filter (${text})`, `operator ${op} takes no (${config}) configuration`);
  const like = (v: string) => (isLike(op) ? v.replace(/\*/g, '%') : v);
  let value: OperandValue;
  switch (operandKind(op, modifier)) {
    case 'keyword': {
      const sql = IS_VALUES[raw.toLowerCase()];
      if (sql === undefined)
        throw parseError(`filter (is.${raw})`, 'is takes null, not_null, true, false or unknown');
      value = { kind: 'keyword', sql };
      break;
    }
    case 'search':
      value = { kind: 'search', query: raw, ...(config !== undefined ? { config } : {}) };
      break;
    case 'list':
      value = { kind: 'list', items: parseList(raw).map(like) };
      break;
    case 'text':
      value = { kind: 'text', text: like(raw) };
  }
  return { kind: 'op', field, negate, op, ...(modifier ? { modifier } : {}), value };
}

/** Parses the inside of `or=(...)` / `and=(...)`, whose items are `field.op.value` or nested `and(...)`/`or(...)`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string, depth = 0): Condition {
  if (!text.startsWith('(') || !text.endsWith(')'))
    throw parseError(`logic tree (${text})`, 'expected "(" ... ")"');
  if (depth >= MAX_LOGIC_DEPTH)
    throw parseError('logic tree', `and/or nested more than ${MAX_LOGIC_DEPTH} levels deep`);
  const items: Condition[] = [];
  for (const raw of splitTop(text.slice(1, -1))) {
    const part = raw.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
    if (nested) {
      items.push(parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!, depth + 1));
      continue;
    }
    const fm = /^([A-Za-z_][A-Za-z0-9_]*(?:(?:->>|->)[^.]+)*)\.(.*)$/s.exec(part);
    if (!fm) throw parseError(`logic tree (${text})`, `unexpected "${part}"`);
    items.push(parseOperation(parseField(fm[1]!), fm[2]!));
  }
  return { kind: 'logic', op, negate, items };
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTop(text).map((raw) => {
    const segs = raw.trim().split('.');
    const terms: OrderTerm = { field: parseField(segs[0]!), desc: false };
    for (const s of segs.slice(1)) {
      if (s === 'asc') terms.desc = false;
      else if (s === 'desc') terms.desc = true;
      else if (s === 'nullsfirst') terms.nulls = 'first';
      else if (s === 'nullslast') terms.nulls = 'last';
      else throw parseError(`order (${raw})`, `unexpected "${s}"`);
    }
    return terms;
  });
}

/** Values inside `in.(...)` and `{...}`: comma separated, optionally double-quoted. */
export function parseList(text: string): string[] {
  let inner = text.trim();
  if ((inner.startsWith('(') && inner.endsWith(')')) || (inner.startsWith('{') && inner.endsWith('}')))
    inner = inner.slice(1, -1);
  else throw parseError(`filter value (${text})`, 'expected a list in parentheses');
  if (inner.trim() === '') return [];
  return splitTop(inner).map((v) => {
    const t = v.trim();
    if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) return t.slice(1, -1).replace(/\\(.)/g, '$1');
    return t;
  });
}

export interface Prefer {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  'max-affected'?: string;
}

export function parsePrefer(header: string | null): Prefer {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k && v) out[k] = v;
  }
  return out as Prefer;
}
