import { DEFAULT_AFTER_LOGIN } from './messages.ts';

/**
 * Only a same-origin path is followed: it must begin with exactly one '/', and not '//' or
 * '/\' (both of which browsers treat as another host). Control characters and whitespace are
 * refused too, because browsers strip them and '/\t/evil.example' would become '//evil.example'.
 */
export function isSafeRedirectPath(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  const second = value.charAt(1);
  if (second === '/' || second === '\\') return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0020\u007f]/.test(value);
}

/** The stored redirect when safe, else the default post-login path. */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = DEFAULT_AFTER_LOGIN,
): string {
  return isSafeRedirectPath(value) ? value : fallback;
}
