/** The shape of the backend's configuration (config.ts resolves it from options and the environment). */
import type { SigningJwk } from './jwt.ts';

export interface SmtpConfig {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  sender?: string;
}

export interface AuthConfig {
  autoconfirm: boolean;
  disableSignup: boolean;
  rateLimits: Partial<Record<string, number>>;
  /** `signInAnonymously()` (GoTrue's external.anonymous_users; off by default). */
  anonymousSignIns?: boolean;
  /** linkIdentity / unlinkIdentity (GoTrue's security.manual_linking_enabled; off by default). */
  manualLinking?: boolean;
  /** The project's own OAuth 2.1 server (config.toml [auth.oauth_server] enabled; off by default). */
  oauthServer?: boolean;
  /** [auth.oauth_server] allow_dynamic_registration: POST /oauth/clients/register (off by default). */
  oauthServerAllowDynamicRegistration?: boolean;
  /** [auth.oauth_server] authorization_url_path: the site's consent page, e.g. '/oauth/consent'. */
  oauthServerAuthorizationPath?: string;
  /** Seconds an authorization request lives, from /oauth/authorize to the code's exchange (GoTrue: 600). */
  oauthServerAuthorizationTtl?: number;
  [key: string]: unknown;
}

/** Supabase Realtime's per-project limits, with hosted Supabase's defaults. */
export interface RealtimeConfig {
  /** Connections that joined a channel (Realtime's `max_concurrent_users`). */
  maxConcurrentUsers: number;
  maxChannelsPerClient: number;
  /** Average over the rate window (see RateCounter). */
  maxJoinsPerSecond: number;
  /** Broadcast messages sent and delivered, per second on average. */
  maxEventsPerSecond: number;
  maxPresenceEventsPerSecond: number;
  /** Track/untrack calls a channel may make per `clientPresenceWindowMs`. */
  maxClientPresenceCalls: number;
  clientPresenceWindowMs: number;
  /** A broadcast or presence payload above this many bytes is refused (3000 KB + 500). */
  maxPayloadBytes: number;
  /** How long a refused join or connection waits before its answer (CHANNEL_/CONNECT_ERROR_BACKOFF_MS). */
  channelErrorBackoffMs: number;
  connectErrorBackoffMs: number;
  /** A connection that sends nothing (not even a heartbeat) for this long is closed. */
  idleTimeoutMs: number;
  /** A client that stops reading is dropped once this much waits to be sent to it (memory per connection). */
  maxBufferedBytes: number;
  /** Rate counters' tick (Realtime: 5 s); tests shorten it. */
  rateTickMs: number;
}

export interface BackendConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  jwtSecret: string;
  /**
   * Asymmetric signing keys (private JWKs, GoTrue's GOTRUE_JWT_KEYS / the CLI's `[auth] signing_keys_path`): Auth
   * signs access tokens with the one whose key_ops include "sign", every service verifies with them, and HS256 tokens
   * signed with jwtSecret (the anon and service_role keys) stay valid.
   */
  signingKeys?: SigningJwk[];
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  /** The supabase/ folder whose migrations, seed and functions are served. */
  projectDir: string;
  /** PGlite data and stored object bytes live here. */
  dataDir: string;
  /** When set, PostgreSQL replaces PGlite. */
  databaseUrl?: string;
  jwtExpiry: number;
  /** Largest request body accepted by /rest/v1 and /functions/v1 (bytes). */
  maxBodyBytes: number;
  /** Run supabase/seed.sql when the database is created. */
  seed: boolean;
  /**
   * A directory where a new PGlite database, once set up (platform SQL, migrations, seed), is kept and copied from
   * by later backends on the same project files: for test harnesses, which start many. Off by default.
   */
  setupCache?: string;
  smtp?: SmtpConfig;
  auth: AuthConfig;
  /** The URL clients use to reach the server; defaults to http://host:port. */
  publicUrl?: string;
  /**
   * Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed: the client address that rate limits
   * and the mail catcher's loopback rule use. Empty: the socket's peer is the client.
   */
  trustedProxies: string[];
  /** Opens the mail catcher to non-loopback clients that present it (bearer header, or `?token=` once). */
  mailCatcherToken?: string;
  realtime: RealtimeConfig;
  /**
   * More variables for the server functions, over the process environment (Supabase's function secrets): e.g. the
   * settings of a development checkout started beside the backend.
   */
  functionEnv?: Record<string, string>;
}
