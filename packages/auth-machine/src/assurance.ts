import type { AuthSession } from './types.ts';

/** A session's authenticator assurance level (`aal1` after a password, `aal2` after the authenticator code). */
export type AssuranceLevel = 'aal1' | 'aal2';

/** The `aal` claim of an access token (supabase-js reads it the same way); aal1 when it cannot be read. */
export function tokenAssurance(accessToken: string): AssuranceLevel {
  try {
    const part = accessToken.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return (JSON.parse(json) as { aal?: unknown }).aal === 'aal2' ? 'aal2' : 'aal1';
  } catch {
    return 'aal1';
  }
}

/**
 * Whether a session still owes its authenticator code: its user has a verified factor and the session is aal1.
 * The same rule as the database's public.mfa_satisfied() and the functions' caller(): such a session reaches
 * nothing of the user's, so the guards show only the code screen. (`auth.mfa.getAuthenticatorAssuranceLevel()`
 * answers from the same two facts: the token's claim and the session user's factors.)
 */
export function sessionNeedsCode(session: AuthSession | null | undefined): boolean {
  if (!session) return false;
  const factors = (session.user.factors ?? []) as Array<{ status?: unknown }>;
  return factors.some((f) => f?.status === 'verified') && tokenAssurance(session.access_token) !== 'aal2';
}

const utf8SvgPrefix = /^data:image\/svg\+xml;(?:charset=)?utf-?8,/i;

/**
 * An `<img src>` for the enrolment QR code. Auth answers the SVG as text and supabase-js prefixes it with
 * `data:image/svg+xml;utf-8,` without encoding it: the SVG's `#` colours then end the URL early (a fragment) and
 * the image does not render. The SVG is percent-encoded here; any other URL is returned as it is.
 */
export function qrCodeImageUrl(qrCode: string): string {
  const svg = utf8SvgPrefix.test(qrCode)
    ? qrCode.replace(utf8SvgPrefix, '')
    : qrCode.trimStart().startsWith('<')
      ? qrCode
      : null;
  if (svg === null) return qrCode;
  // An SVG already percent-encoded (no markup left) stays as it is.
  const text = svg.trimStart().startsWith('<') ? svg : safeDecode(svg);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
