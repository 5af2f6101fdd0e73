/** GoTrue-shaped errors for API version 2024-01-01 (and the legacy shape for older clients). */
import { ErrorCode } from './errorCodes.ts';

export const API_VERSION = '2024-01-01';
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's OAuthError: 400 `{ error, error_description }` (the id_token grant's answers), with no error code. */
export class OAuthError extends AuthHttpError {
  constructor(
    readonly error: string,
    description: string,
  ) {
    super(400, ErrorCode.ValidationFailed, description);
  }
}

export const badRequest = (code: ErrorCode, msg: string, extra?: Record<string, unknown>) =>
  new AuthHttpError(400, code, msg, extra);
export const unauthorized = (code: ErrorCode, msg: string) => new AuthHttpError(401, code, msg);
export const forbidden = (code: ErrorCode, msg: string) => new AuthHttpError(403, code, msg);
export const notFound = (code: ErrorCode, msg: string) => new AuthHttpError(404, code, msg);
export const unprocessable = (code: ErrorCode, msg: string, extra?: Record<string, unknown>) =>
  new AuthHttpError(422, code, msg, extra);
export const tooManyRequests = (code: ErrorCode, msg: string) => new AuthHttpError(429, code, msg);

export function invalidCredentials(): AuthHttpError {
  return badRequest(ErrorCode.InvalidCredentials, 'Invalid login credentials');
}

/** The request asked for the 2024-01-01 API (supabase-js always sends the header). */
export function wantsDatedApi(req: Request): boolean {
  const v = req.headers.get(API_VERSION_HEADER);
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION;
}

/**
 * Body as GoTrue sends it: for the 2024-01-01 API `{ code: '<error_code>', msg }`; legacy
 * `{ code: <status>, error_code, msg }`. Both carry `error_code`, `msg` and `message`, so any
 * client (auth-js reads `code` when the answer's version header is dated, else `error_code`,
 * and the text from `msg` or `message`) gets the same meaning.
 */
export function errorBody(req: Request | null, e: AuthHttpError): Record<string, unknown> {
  if (e instanceof OAuthError) return { error: e.error, error_description: e.message };
  const dated = req ? wantsDatedApi(req) : true;
  return {
    code: dated ? e.errorCode : e.status,
    error_code: e.errorCode,
    msg: e.message,
    message: e.message,
    ...e.extra,
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      [API_VERSION_HEADER]: API_VERSION,
      ...headers,
    },
  });
}

export function errorResponse(req: Request | null, e: AuthHttpError): Response {
  const headers: Record<string, string> = {};
  if (e.status === 429) headers['Retry-After'] = String(e.extra.retry_after ?? 60);
  return jsonResponse(errorBody(req, e), e.status, headers);
}
