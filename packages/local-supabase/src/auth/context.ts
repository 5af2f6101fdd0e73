/** What every Auth handler is given: the configured service (AuthContext) and the request (AuthRequest). */
import type { RateLimitSettings, AuthSettings, ExternalProviderSettings } from './settings.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from './ratelimit.ts';
import type { Json, SessionRow, Store, UserRow } from './store/index.ts';
import type { AccessClaims, Tokens } from './tokens.ts';

export interface AuthContext {
  settings: AuthSettings;
  store: Store;
  /** `<public url>/auth/v1`, the `iss` of access tokens. */
  issuer: string;
  publicUrl: string;
  tokens: Tokens;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Social providers by name (the development provider as `facebook` when none is configured). */
  providers: Record<string, ExternalProviderSettings>;
  /** Signs the OAuth `state` parameter. */
  stateKey: Uint8Array;
  /** `redirect_to` when the allow-list permits it, else the site URL (as GoTrue). */
  redirectTo(raw: string | null | undefined): string;
}

export interface AuthRequest {
  req: Request;
  url: URL;
  /** Path parameters of the route, percent-decoded. */
  params: Record<string, string>;
  /** The client's address (see addresses.ts): what rate limits are keyed on. */
  client: string;
  userAgent: string | null;
  /** The body, read once (see request.ts). */
  body(): Promise<Json>;
}

/** A request authenticated by a user's access token, with its user and session (GoTrue's requireAuthentication). */
export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  claims: AccessClaims;
}

/** A request authenticated by a service_role (or supabase_admin) token. */
export interface Admin {
  claims: Json;
}

export type LimitName = Exclude<keyof RateLimitSettings, 'windowSeconds' | 'emailsPerHour' | 'emailInterval'>;

/** Counts a request of the client against one of the configured limits (anonymous sign-ins count per hour). */
export function limit(c: AuthContext, r: AuthRequest, name: LimitName): void {
  const window = name === 'anonymous' ? 3600 : c.settings.rateLimits.windowSeconds;
  c.limiter.hit(name, r.client, c.settings.rateLimits[name], window);
}

/** Before an e-mail of `kind` to `address`: the per-address interval and the client's hourly cap. */
export function mailLimit(c: AuthContext, r: AuthRequest, kind: string, address: string): void {
  c.limiter.mail(
    kind,
    address,
    r.client,
    c.settings.rateLimits.emailInterval,
    c.settings.rateLimits.emailsPerHour,
  );
}
