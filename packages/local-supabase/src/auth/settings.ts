import { isExposed } from '../addresses.ts';

/**
 * The auth side's view of the backend configuration. It reads the shared BackendConfig loosely
 * (every field optional, with GoTrue's defaults) so it works with whatever the data side adds.
 */

export interface RateLimitSettings {
  /** Length of a rate-limit window in seconds. */
  windowSeconds: number;
  /** POST /token (password, pkce) per window. */
  signIn: number;
  /** POST /token?grant_type=refresh_token per window. */
  refresh: number;
  /** POST /signup per window. */
  signUp: number;
  /** POST /verify and GET /verify per window. */
  verify: number;
  /** POST /otp per window. */
  otp: number;
  /** POST /recover per window. */
  recover: number;
  /** GET /authorize (social sign-in starts) per window. */
  authorize: number;
  /** PUT /user per window. */
  userUpdate: number;
  /** Anonymous sign-ins per hour. */
  anonymous: number;
  /** POST /oauth/clients/register (dynamic client registration) per window (GoTrue: 10 per 5 minutes, bursts of 30). */
  oauthClientRegister: number;
  /** E-mails sent per hour per client (all kinds). */
  emailsPerHour: number;
  /** Minimum seconds between two e-mails of the same kind to the same address. */
  emailInterval: number;
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  secure?: boolean;
}

export interface AuthSettings {
  jwtSecret: string;
  jwtExpiry: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  autoconfirm: boolean;
  disableSignup: boolean;
  bcryptCost: number;
  minPasswordLength: number;
  otpExpiry: number;
  otpLength: number;
  rateLimits: RateLimitSettings;
  smtp: SmtpSettings | null;
  sender: string;
  senderName: string;
  siteName: string;
  /** Social providers configured by environment; `facebook` defaults to the embedded dev provider. */
  providers: Record<string, ExternalProviderSettings>;
  /** Run the embedded development OpenID Connect provider (registered as `facebook` unless configured). */
  devOidc: boolean;
  mfaMaxFactors: number;
  /** TOTP factors may be enrolled (GoTrue: on). */
  mfaTotpEnroll: boolean;
  /** WebAuthn factors may be enrolled (GoTrue: off); their challenges need a browser's authenticator. */
  mfaWebAuthnEnroll: boolean;
  /** WebAuthn factors may be challenged and verified (GoTrue: off), for the relying party of `webauthn`. */
  mfaWebAuthnVerify: boolean;
  /** Seconds during which a just-rotated refresh token may be used again by a concurrent client (GoTrue: 10). */
  refreshTokenReuseInterval: number;
  /** E-mail changes need the links sent to both the current and the new address (Supabase's default). */
  secureEmailChange: boolean;
  /**
   * GoTrue's Security.UpdatePasswordRequireReauthentication (the CLI's `secure_password_change`): a session older than
   * 24 hours sets a new password only with the nonce `GET /reauthenticate` mailed.
   */
  updatePasswordRequireReauthentication: boolean;
  /**
   * GoTrue's Security.UpdatePasswordRequireCurrentPassword: a new password needs the correct `current_password`,
   * except in a session that came from an e-mailed link (recovery, magic link, OTP).
   */
  updatePasswordRequireCurrentPassword: boolean;
  /** Proxies whose X-Forwarded-For names the client (addresses or CIDR ranges). */
  trustedProxies: string[];
  /** Serve the mail catcher to non-loopback clients that present this token. */
  mailCatcherToken: string | null;
  /** POST /signup without an address signs in anonymously (GoTrue: off by default). */
  anonymousSignIns: boolean;
  /** /user/identities/* (linkIdentity, unlinkIdentity) are served (GoTrue: off by default). */
  manualLinking: boolean;
  /** The project's own OAuth 2.1 server (config.toml [auth.oauth_server]; GoTrue: off): see OAuthServerSettings. */
  oauthServer: OAuthServerSettings;
  /** Passkey sign-in and management (config.toml [auth.passkey]; GoTrue: off), at most maxPerUser each. */
  passkeys: { enabled: boolean; maxPerUser: number };
  /** The relying party passkeys belong to (config.toml [auth.webauthn]; default: the site URL's host and origin). */
  webauthn: { rpId: string; rpDisplayName: string; rpOrigins: string[]; challengeExpirySeconds: number };
}

/** GoTrue's OAuthServerConfiguration. */
export interface OAuthServerSettings {
  /** /oauth/*, /admin/oauth/clients, /user/oauth/grants and /.well-known/oauth-authorization-server are served. */
  enabled: boolean;
  /** POST /oauth/clients/register is open to anyone (GoTrue: off; else 403). */
  allowDynamicRegistration: boolean;
  /** The site's consent page, joined to the site URL (config.toml authorization_url_path; GoTrue: none configured). */
  authorizationPath: string;
  /** Seconds from /oauth/authorize within which the request must be approved and its code exchanged (GoTrue: 10 min). */
  authorizationTtl: number;
  /** The scope of a request that names none (GoTrue: email). */
  defaultScope: string;
}

export interface ExternalProviderSettings {
  clientId: string;
  secret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string;
  /** Set for the embedded provider. */
  dev?: boolean;
}

/** Loose shape of BackendConfig as far as Auth reads it. */
export interface AuthConfigInput {
  jwtSecret?: string;
  jwtExpiry?: number;
  siteUrl?: string;
  additionalRedirectUrls?: string[];
  auth?: Record<string, unknown> & {
    autoconfirm?: boolean;
    rateLimits?: Partial<RateLimitSettings>;
  };
  smtp?: (Partial<SmtpSettings> & { sender?: string; adminEmail?: string }) | null;
  mail?: Record<string, unknown> | null;
  host?: string;
  publicUrl?: string;
  trustedProxies?: string[];
  mailCatcherToken?: string;
  [key: string]: unknown;
}

const DEFAULT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowSeconds: 300,
  signIn: 30 * 10,
  refresh: 150 * 10,
  signUp: 30 * 10,
  verify: 30 * 10,
  otp: 30,
  recover: 30,
  authorize: 30 * 10,
  userUpdate: 30 * 10,
  anonymous: 30,
  oauthClientRegister: 30,
  emailsPerHour: 100,
  emailInterval: 60,
};

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}
function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
  return undefined;
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Providers from the environment: `<NAME>_CLIENT_ID`, `_SECRET`, `_AUTHORIZE_URL`, `_TOKEN_URL`, `_USERINFO_URL`, `_SCOPES`. */
/** Endpoints of the providers GoTrue knows, so a configuration needs only a client id and secret. */
const KNOWN_PROVIDERS: Record<string, Omit<ExternalProviderSettings, 'clientId' | 'secret'>> = {
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email,picture',
    scopes: 'email public_profile',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: 'openid email profile',
  },
};

export function providersFromEnv(
  env: Record<string, string | undefined>,
): Record<string, ExternalProviderSettings> {
  const known = KNOWN_PROVIDERS;
  const out: Record<string, ExternalProviderSettings> = {};
  const names = new Set<string>(Object.keys(known));
  for (const key of Object.keys(env)) {
    const m = /^(?:GOTRUE_EXTERNAL_|AUTH_EXTERNAL_)?([A-Z0-9]+)_CLIENT_ID$/.exec(key);
    if (m?.[1]) names.add(m[1].toLowerCase());
  }
  for (const name of names) {
    const U = name.toUpperCase();
    const get = (s: string) =>
      env[`AUTH_EXTERNAL_${U}_${s}`] ?? env[`GOTRUE_EXTERNAL_${U}_${s}`] ?? env[`${U}_${s}`];
    const clientId = get('CLIENT_ID');
    const secret = get('SECRET') ?? get('CLIENT_SECRET');
    if (!clientId || !secret) continue;
    const base = known[name];
    const authorizeUrl = get('AUTHORIZE_URL') ?? base?.authorizeUrl;
    const tokenUrl = get('TOKEN_URL') ?? base?.tokenUrl;
    const userinfoUrl = get('USERINFO_URL') ?? base?.userinfoUrl;
    if (!authorizeUrl || !tokenUrl || !userinfoUrl) continue;
    out[name] = {
      clientId,
      secret,
      authorizeUrl,
      tokenUrl,
      userinfoUrl,
      scopes: get('SCOPES') ?? base?.scopes ?? 'openid email profile',
    };
  }
  return out;
}

/** `[auth.external.<name>] enabled = true` providers of config.toml whose endpoints GoTrue knows. */
function providersFromToml(raw: unknown): Record<string, ExternalProviderSettings> {
  const out: Record<string, ExternalProviderSettings> = {};
  for (const [name, p] of Object.entries(
    (raw ?? {}) as Record<string, { clientId?: string; secret?: string }>,
  )) {
    const base = KNOWN_PROVIDERS[name];
    if (base) out[name] = { ...base, clientId: p.clientId ?? '', secret: p.secret ?? '' };
  }
  return out;
}

function webauthnSettings(raw: unknown, siteUrl: string): AuthSettings['webauthn'] {
  const w = (raw ?? {}) as { rpId?: string; rpDisplayName?: string; rpOrigins?: string[] };
  const site = URL.canParse(siteUrl) ? new URL(siteUrl) : new URL('http://127.0.0.1:3000');
  return {
    rpId: w.rpId || site.hostname,
    rpDisplayName: w.rpDisplayName || 'Pentland Cloud',
    rpOrigins: w.rpOrigins?.length ? w.rpOrigins : [site.origin],
    challengeExpirySeconds: 300,
  };
}

export function resolveSettings(
  config: AuthConfigInput,
  env: Record<string, string | undefined> = process.env,
): AuthSettings {
  const a = (config.auth ?? {}) as Record<string, unknown>;
  const smtpIn = (config.smtp ?? (config.mail as Record<string, unknown> | undefined)?.smtp ?? null) as
    (Partial<SmtpSettings> & { sender?: string }) | null;
  const smtpHost = str(smtpIn?.host) ?? str(env.SMTP_HOST);
  const smtp: SmtpSettings | null = smtpHost
    ? {
        host: smtpHost,
        port: num(smtpIn?.port) ?? num(env.SMTP_PORT) ?? 587,
        user: str(smtpIn?.user) ?? str(env.SMTP_USER),
        pass: str(smtpIn?.pass) ?? str(env.SMTP_PASS),
        secure: bool(smtpIn?.secure) ?? (num(smtpIn?.port) ?? num(env.SMTP_PORT)) === 465,
      }
    : null;
  const rl = { ...DEFAULT_RATE_LIMITS, ...((a.rateLimits ?? {}) as Partial<RateLimitSettings>) };
  const providers = {
    ...providersFromToml(a.tomlProviders),
    ...providersFromEnv(env),
    ...((a.providers ?? {}) as Record<string, ExternalProviderSettings>),
  };
  return {
    jwtSecret: str(config.jwtSecret) ?? DEFAULT_SECRET,
    jwtExpiry: num(config.jwtExpiry) ?? 3600,
    siteUrl: (str(config.siteUrl) ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    additionalRedirectUrls: Array.isArray(config.additionalRedirectUrls) ? config.additionalRedirectUrls : [],
    autoconfirm:
      bool(a.autoconfirm) ?? bool(a.enableEmailAutoconfirm) ?? bool(config.enableEmailAutoconfirm) ?? false,
    disableSignup: bool(a.disableSignup) ?? false,
    bcryptCost: num(a.bcryptCost) ?? num(a.passwordHashCost) ?? num(env.AUTH_BCRYPT_COST) ?? 10,
    minPasswordLength: num(a.minPasswordLength) ?? 6,
    otpExpiry: num(a.otpExpiry) ?? 3600,
    otpLength: 6,
    rateLimits: rl,
    smtp,
    sender:
      str(smtpIn?.sender) ?? str(env.SMTP_SENDER) ?? str(env.SMTP_ADMIN_EMAIL) ?? 'noreply@pentland.test',
    senderName: str(env.SMTP_SENDER_NAME) ?? 'Pentland Cloud',
    siteName: 'Pentland Cloud',
    providers,
    // The development provider signs anyone in as its demo people: loopback only (config.ts refuses it elsewhere).
    devOidc:
      bool(a.devOidc) ??
      (!providers.facebook &&
        !isExposed({ host: str(config.host) ?? '127.0.0.1', publicUrl: str(config.publicUrl) })),
    mfaMaxFactors: num(a.mfaMaxFactors) ?? 10,
    mfaTotpEnroll: bool(a.mfaTotpEnroll) ?? true,
    mfaWebAuthnEnroll: bool(a.mfaWebAuthnEnroll) ?? false,
    mfaWebAuthnVerify: bool(a.mfaWebAuthnVerify) ?? false,
    secureEmailChange:
      bool(a.secureEmailChange) ?? bool(env.GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED) ?? true,
    updatePasswordRequireReauthentication:
      bool(a.updatePasswordRequireReauthentication) ??
      bool(env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION) ??
      false,
    updatePasswordRequireCurrentPassword:
      bool(a.updatePasswordRequireCurrentPassword) ??
      bool(env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD) ??
      false,
    refreshTokenReuseInterval:
      num(a.refreshTokenReuseInterval) ?? num(env.GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL) ?? 10,
    trustedProxies: Array.isArray(config.trustedProxies) ? config.trustedProxies : [],
    mailCatcherToken: str(config.mailCatcherToken) ?? null,
    anonymousSignIns: bool(a.anonymousSignIns) ?? false,
    manualLinking: bool(a.manualLinking) ?? false,
    oauthServer: {
      enabled: bool(a.oauthServer) ?? bool(env.GOTRUE_OAUTH_SERVER_ENABLED) ?? false,
      allowDynamicRegistration:
        bool(a.oauthServerAllowDynamicRegistration) ??
        bool(env.GOTRUE_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION) ??
        false,
      authorizationPath:
        str(a.oauthServerAuthorizationPath) ?? str(env.GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH) ?? '',
      authorizationTtl: num(a.oauthServerAuthorizationTtl) ?? 600,
      defaultScope: str(a.oauthServerDefaultScope) ?? 'email',
    },
    passkeys: { enabled: bool(a.passkeys) ?? false, maxPerUser: num(a.maxPasskeysPerUser) ?? 10 },
    webauthn: webauthnSettings(a.webauthn, str(config.siteUrl) ?? 'http://127.0.0.1:3000'),
  };
}
