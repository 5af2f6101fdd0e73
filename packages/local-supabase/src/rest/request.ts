import { InvalidJson, readJson } from '../body.ts';
import { Errors } from './errors.ts';
import {
  parseField,
  parseLogic,
  parseOperation,
  parseOrder,
  parsePrefer,
  parseSelect,
  splitTop,
  type Condition,
  type OrderTerm,
  type Prefer,
  type SelectItem,
} from './parse.ts';

/**
 * ApiRequest (PostgREST's ApiRequest.hs): what a web request asks for, read from its method, path, query string and
 * headers, before anything is looked up in the schema cache. Pure, except `readPayload`, which reads the body.
 */

export const OBJECT_MIME = 'application/vnd.pgrst.object+json';

/** Per-level options that arrive as query parameters (`embed.col=eq.1`, `embed.order=…`, `embed.limit=…`). */
export interface Level {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Options by embed path (`''` is the top level, `author`, `author.books`…). */
  levels: Map<string, Level>;
  /** The top level's options (also `levels.get('')`), with the Range header applied. */
  root: Level;
  onConflict?: string[];
  columns?: string[];
  /** rpc by GET/HEAD: the query parameters that name one of the function's arguments. */
  args: Map<string, string>;
}

/** What the client accepts: PostgREST's media types for a body of rows. */
export interface Format {
  csv: boolean;
  object: boolean;
  stripNulls: boolean;
  /** `Accept: application/vnd.pgrst.plan…`: the statement's EXPLAIN instead of its rows (the fields above are its `for`). */
  plan: PlanFormat | null;
}

/**
 * root: the schema's description; read: GET/HEAD on a table or view; insert (an upsert when Prefer has a
 * resolution), update, delete; call: a function under `rpc/`.
 */
export type Action = 'root' | 'read' | 'insert' | 'update' | 'delete' | 'call';

export interface ApiRequest {
  action: Action;
  method: string;
  /** HEAD: the answer has no body. */
  head: boolean;
  /** The table, view or function named by the path (percent-decoded). */
  target: string;
  /** The schema by Accept-Profile (reads) or Content-Profile (writes), else the first exposed one. */
  schema: string;
  query: QueryParams;
  prefer: Prefer;
  /** `Prefer: handling=strict, max-affected=N`, else null. */
  maxAffected: number | null;
  format: Format;
  /** What PostgREST sets as `request.method`, `request.path`, `request.headers` and `request.cookies`. */
  settings: Record<string, string>;
}

/**
 * Reads a request. `argumentNames` gives, for an rpc by GET/HEAD, the names of the function's arguments (every
 * overload's): those query parameters are arguments, the others filters.
 */
export async function apiRequest(
  req: Request,
  schemas: string[],
  argumentNames: (schema: string, fn: string) => Promise<Set<string>>,
): Promise<ApiRequest> {
  const url = new URL(req.url);
  const method = req.method.toUpperCase();
  const reading = method === 'GET' || method === 'HEAD';
  // Accept-Profile (GET, HEAD) or Content-Profile (writes, rpc by POST) picks one of `[api] schemas`; the first is
  // the default.
  const profile = req.headers.get(reading ? 'accept-profile' : 'content-profile');
  if (profile !== null && !schemas.includes(profile)) throw Errors.unacceptableSchema(schemas);
  const schema = profile ?? schemas[0]!;
  const path = decodePath(url.pathname.replace(/^\/rest\/v1\/?/, ''));
  const prefer = parsePrefer(req.headers.get('prefer'));
  const base = {
    method,
    head: method === 'HEAD',
    schema,
    prefer,
    maxAffected: maxAffectedOf(prefer),
    format: acceptFormat(req.headers.get('accept')),
    settings: requestSettings(req, url, method),
  };
  if (path === '' && method === 'GET')
    return { ...base, action: 'root', target: '', query: queryParams(new URLSearchParams(), new Set()) };
  if (path.startsWith('rpc/')) {
    const target = path.slice(4);
    const query = queryParams(url.searchParams, reading ? await argumentNames(schema, target) : new Set());
    rangeHeader(req, query.root);
    if (!reading && method !== 'POST') throw Errors.rpcMethod(method);
    return { ...base, action: 'call', target, query };
  }
  const query = queryParams(url.searchParams, new Set());
  rangeHeader(req, query.root);
  const action = ({ GET: 'read', HEAD: 'read', POST: 'insert', PATCH: 'update', DELETE: 'delete' } as const)[
    method as 'GET'
  ];
  if (action === undefined) throw Errors.unsupportedMethod(method);
  return { ...base, action, target: path, query };
}

/** The query string: select, filters and logic trees by level, order/limit/offset by level, on_conflict, columns. */
export function queryParams(params: URLSearchParams, argNames: Set<string>): QueryParams {
  const levels = new Map<string, Level>();
  const level = (p: string): Level => {
    let l = levels.get(p);
    if (!l) levels.set(p, (l = { conditions: [], order: [] }));
    return l;
  };
  const root = level('');
  const args = new Map<string, string>();
  let select: SelectItem[] = [{ kind: 'star' }];
  let onConflict: string[] | undefined;
  let columns: string[] | undefined;
  const int = (key: string, v: string): number => {
    if (!/^\d+$/.test(v)) throw Errors.parse(`${key} (${v})`, 'expected a non-negative integer');
    return Number(v);
  };
  for (const [key, value] of params) {
    if (key === 'select') select = parseSelect(value);
    else if (key === 'on_conflict') onConflict = value.split(',').map((s) => s.trim());
    else if (key === 'columns')
      columns = splitTop(value).map((raw) => {
        const c = raw.trim();
        return c.length >= 2 && c.startsWith('"') && c.endsWith('"')
          ? c.slice(1, -1).replace(/\\(.)/g, '$1')
          : c;
      });
    else if (argNames.has(key)) args.set(key, value);
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
        if (!m) throw Errors.parse(`filter (${key})`, `unexpected "${key}"`);
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

/** `Range: items=0-9` (or `0-9`): the top level's offset and limit, unless the query string set them. */
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

/** PostgREST's `application/vnd.pgrst.plan[+text|+json]; for="…"; options=analyze|verbose|settings|buffers|wal`. */
export interface PlanFormat {
  format: 'text' | 'json';
  /** EXPLAIN's options, in PostgREST's order. */
  options: PlanOption[];
  /** The media type as PostgREST spells it back (Content-Type, and PGRST107's message). */
  mime: string;
}

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';
const PLAN_OPTIONS: PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

export function acceptFormat(accept: string | null): Format {
  const a = (accept ?? '').toLowerCase();
  const plan = /^\s*application\/vnd\.pgrst\.plan(\+json|\+text)?\s*(?:;|$)/.exec(a);
  if (plan) {
    // The parameters, as PostgREST's media type grammar reads them (`for` may be quoted).
    const params = new Map<string, string>();
    for (const part of a.split(';').slice(1)) {
      const eq = part.indexOf('=');
      if (eq > 0)
        params.set(
          part.slice(0, eq).trim(),
          part
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1'),
        );
    }
    const target = params.get('for') || 'application/json';
    const given = (params.get('options') ?? '').split('|');
    const options = PLAN_OPTIONS.filter((o) => given.includes(o));
    const format = plan[1] === '+json' ? 'json' : 'text';
    const mime = `application/vnd.pgrst.plan+${format}; for="${target}"${options.length ? `; options=${options.join('|')}` : ''}`;
    return { ...acceptFormat(target), plan: { format, options, mime } };
  }
  return {
    csv: a.includes('text/csv'),
    object: a.includes(OBJECT_MIME),
    stripNulls: /nulls=stripped/.test(a),
    plan: null,
  };
}

/** `Prefer: max-affected=N`, honoured with `handling=strict` on PATCH, DELETE and rpc (PostgREST 12.1+). */
function maxAffectedOf(prefer: Prefer): number | null {
  const raw = prefer['max-affected'];
  if (prefer.handling !== 'strict' || raw === undefined) return null;
  if (!/^\d+$/.test(raw)) throw Errors.preferMaxAffected(raw);
  return Number(raw);
}

/** Percent-decodes a path; a malformed escape stays as written (as PostgREST's server does), never a crash. */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function requestSettings(req: Request, url: URL, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => (headers[k] = v));
  const cookies: Record<string, string> = {};
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return {
    method,
    path: url.pathname.replace(/^\/rest\/v1/, '') || '/',
    headers: JSON.stringify(headers),
    cookies: JSON.stringify(cookies),
  };
}

/**
 * The body through the package's reader, with PostgREST's error for an empty or bad one (an empty body is `{}` where
 * `allowEmpty`, as an rpc without arguments).
 */
export async function readPayload(req: Request, allowEmpty: boolean): Promise<unknown> {
  let value: unknown;
  try {
    value = await readJson(req);
  } catch (err) {
    if (err instanceof InvalidJson) throw Errors.invalidBody(err.tooDeep ? err.message : null);
    throw err;
  }
  if (value !== undefined) return value;
  if (allowEmpty) return {};
  throw Errors.invalidBody();
}
