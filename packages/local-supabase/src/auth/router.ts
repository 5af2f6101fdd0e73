/**
 * Dispatch through the route table: match the path, authenticate as the route requires (GoTrue's
 * requireAuthentication / requireAdminCredentials), count the rate limit, run the handler, and turn every failure
 * into GoTrue's error shape. Database errors that crafted input can still cause answer 4xx, never 500.
 */
import { requireAdmin, requireUser } from './authn.ts';
import type { AuthContext, AuthRequest } from './context.ts';
import { limit } from './context.ts';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthHttpError,
  errorResponse,
  notFound,
  unprocessable,
  badRequest,
} from './errors.ts';
import { readBody } from './request.ts';
import type { Method, Route } from './routes.ts';
import type { Json } from './store/index.ts';
import { ErrorCode } from './errorCodes.ts';

interface Compiled {
  route: Route;
  pattern: RegExp;
  keys: string[];
}

function compile(route: Route): Compiled {
  const keys: string[] = [];
  const source = route.path
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(seg.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), keys };
}

/** A PostgreSQL error that input can still provoke (bad text for a type, a duplicate), as a client error. */
function databaseError(e: unknown): AuthHttpError | null {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505')
    return unprocessable(ErrorCode.EmailExists, 'A user with this email address has already been registered');
  if (code.startsWith('22') || code.startsWith('23'))
    return badRequest(ErrorCode.ValidationFailed, 'Invalid input: the database refused a value');
  if (code === '54001') return badRequest(ErrorCode.ValidationFailed, 'Invalid input: nested too deeply');
  // A project's trigger refusing a write with SQLSTATE PTnnn: that HTTP status and its message (GoTrue's
  // NewPostgresError, as PostgREST maps PTnnn), for client errors only.
  const pt = /^PT(4\d\d)$/.exec(code);
  if (pt) return new AuthHttpError(Number(pt[1]), ErrorCode.ValidationFailed, (e as Error).message);
  return null;
}

export function createRouter(
  c: AuthContext,
  table: Route[],
  clientOf: (req: Request, remoteAddress: string | undefined) => string,
) {
  const compiled = table.map(compile);

  function find(method: string, path: string): { route: Route; params: Record<string, string> } {
    let pathMatched = false;
    for (const { route, pattern, keys } of compiled) {
      const m = pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== (method as Method)) continue;
      const params: Record<string, string> = {};
      try {
        keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)));
      } catch {
        throw notFound(ErrorCode.NotFound, 'Not Found');
      }
      if (Object.values(params).some((v) => v.includes('\u0000')))
        throw notFound(ErrorCode.NotFound, 'Not Found');
      return { route, params };
    }
    if (pathMatched) throw new AuthHttpError(405, ErrorCode.MethodNotAllowed, 'Method not allowed');
    throw notFound(ErrorCode.NotFound, 'Not Found');
  }

  async function dispatch(req: Request, remoteAddress: string | undefined): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/';
    const method = req.method.toUpperCase();
    if (method === 'OPTIONS')
      return new Response(null, { status: 204, headers: { [API_VERSION_HEADER]: API_VERSION } });
    const { route, params } = find(method === 'HEAD' ? 'GET' : method, path);
    let body: Promise<Json> | null = null;
    const r: AuthRequest = {
      req,
      url,
      params,
      client: clientOf(req, remoteAddress),
      userAgent: req.headers.get('user-agent'),
      body: () => (body ??= readBody(req)),
    };
    route.feature?.(c);
    const name = typeof route.limit === 'function' ? route.limit(r) : route.limit;
    switch (route.auth) {
      case 'none':
        if (name) limit(c, r, name);
        return route.handler(c, r);
      case 'user': {
        const me = await requireUser(c, req);
        if (name) limit(c, r, name);
        return route.handler(c, r, me);
      }
      case 'admin': {
        const a = await requireAdmin(c, req);
        if (name) limit(c, r, name);
        return route.handler(c, r, a);
      }
    }
  }

  return async function handle(req: Request, remoteAddress?: string): Promise<Response> {
    try {
      return await dispatch(req, remoteAddress);
    } catch (e) {
      if (e instanceof AuthHttpError) return errorResponse(req, e);
      const known = databaseError(e);
      if (known) return errorResponse(req, known);
      console.error('[auth] unexpected failure', e);
      return errorResponse(
        req,
        new AuthHttpError(
          500,
          ErrorCode.UnexpectedFailure,
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  };
}
