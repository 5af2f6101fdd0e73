/** An error answered in PostgREST's shape: { code, message, details, hint } with its HTTP status. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public details: string | null = null,
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

/** PostgREST's mapping from SQLSTATE to HTTP status. */
export function fromPgError(err: unknown, role: string): ApiError {
  const e = err as PgError;
  const code = e.code ?? 'XX000';
  const details = e.detail ?? null;
  const hint = e.hint ?? null;
  const message = e.message ?? String(err);
  let status = 500;
  if (code === '42501') status = role === 'anon' ? 401 : 403;
  else if (code === '23505' || code === '23503' || code === '40001' || code === '40P01') status = 409;
  else if (code === '42P01' || code === '42883') status = 404;
  else if (code === '25006') status = 405;
  else if (code === '53400') status = 500;
  else if (code === 'P0001' || code.startsWith('22') || code.startsWith('23') || code === '42703' || code === '42804' || code === '42601' || code === '2201B' || code === '42P02')
    status = 400;
  else if (code.startsWith('P0')) status = 400;
  return new ApiError(status, code, message, details, hint);
}
