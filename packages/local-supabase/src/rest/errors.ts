/** An error answered in PostgREST's shape: { code, message, details, hint } with its HTTP status. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public details: unknown = null,
    public hint: string | null = null,
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (what: string, details: string): ApiError =>
  new ApiError(400, 'PGRST100', `failed to parse ${what}`, details);

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/**
 * PostgREST's mapping from SQLSTATE to HTTP status (Error.hs `mapSQLtoHTTP`), with two departures so that no request
 * answers 500: a statement stopped by its timeout (57014) and an engine restarted under it (57P01) are 503, and
 * "statement too complex" (54xxx) is the request's fault, 400.
 */
export function statusOf(code: string, message: string, authed: boolean): number {
  if (code === '57014' || code === '57P01') return 503;
  if (code.startsWith('54')) return 400;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09')) return 500;
  if (code.startsWith('0L') || code.startsWith('0P')) return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (/^(25|2D|38|39|3B|40|55|57|58|F0|HV|XX)/.test(code)) return 500;
  if (code === '53400') return 500;
  if (code.startsWith('53')) return 503;
  if (code === 'P0001') return 400;
  if (code.startsWith('P0')) return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  const pt = /^PT(\d{3})$/.exec(code);
  if (pt) return Number(pt[1]);
  return 400;
}

/** A database error in PostgREST's shape, with its status. */
export function fromPgError(err: unknown, role: string): ApiError {
  const e = err as PgError;
  // An error without a SQLSTATE is not the database's: the engine itself failed.
  const code = e.code ?? 'XX000';
  const message = e.message ?? String(err);
  return new ApiError(statusOf(code, message, role !== 'anon'), code, message, e.detail ?? null, e.hint ?? null);
}
