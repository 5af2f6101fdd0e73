import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExposed, isLoopbackHost } from './addresses.ts';
import { authFromToml, readSigningKeys } from './auth/projectConfig.ts';
import { createJwtVerifier, signJwtSync, type SigningJwk } from './jwt.ts';
import type { AuthConfig, BackendConfig, RealtimeConfig } from './configTypes.ts';
import { readProjectConfig } from './project.ts';

/** The Supabase CLI's well-known local demo JWT secret (`supabase start`). Local use only. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Expiry of the CLI's demo anon/service_role keys. */
export const DEMO_KEY_EXPIRY = 1983812996;

export type { AuthConfig, BackendConfig, RealtimeConfig, SmtpConfig } from './configTypes.ts';
export { isExposed } from './addresses.ts';

export const REALTIME_DEFAULTS: RealtimeConfig = {
  maxConcurrentUsers: 200,
  maxChannelsPerClient: 100,
  maxJoinsPerSecond: 100,
  maxEventsPerSecond: 100,
  maxPresenceEventsPerSecond: 1000,
  maxClientPresenceCalls: 5,
  clientPresenceWindowMs: 30_000,
  maxPayloadBytes: 3000 * 1000 + 500,
  channelErrorBackoffMs: 5000,
  connectErrorBackoffMs: 2000,
  idleTimeoutMs: 60_000,
  maxBufferedBytes: 32 * 1024 * 1024,
  rateTickMs: 5000,
};

/** The backend refuses a configuration that is unsafe where it listens; the message is one line. */
export class UnsafeConfigError extends Error {
  override name = 'UnsafeConfigError';
}

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository's supabase/ folder. */
export const defaultProjectDir = path.resolve(packageDir, '../../supabase');

export function keysFor(secret: string): { anonKey: string; serviceRoleKey: string } {
  return {
    anonKey: signJwtSync({ iss: 'supabase-demo', role: 'anon', exp: DEMO_KEY_EXPIRY }, secret),
    serviceRoleKey: signJwtSync({ iss: 'supabase-demo', role: 'service_role', exp: DEMO_KEY_EXPIRY }, secret),
  };
}

/** Why a configuration must not start where it listens (one line), or null. `partial` tells what was asked for explicitly. */
export function unsafeReason(config: BackendConfig, partial: Partial<BackendConfig>): string | null {
  if (!isExposed(config)) return null;
  const where = `Refusing to start on ${isLoopbackHost(config.host) ? (config.publicUrl ?? config.host) : config.host} (not loopback):`;
  const demo = keysFor(DEMO_JWT_SECRET);
  if (config.jwtSecret === DEMO_JWT_SECRET)
    return `${where} JWT_SECRET is the Supabase CLI's public demo secret, with which anyone can sign a service_role key; set JWT_SECRET to a random secret of at least 32 characters.`;
  if (config.jwtSecret.length < 32)
    return `${where} JWT_SECRET is shorter than 32 characters; set a random secret of at least 32 characters.`;
  if (config.anonKey === demo.anonKey || config.serviceRoleKey === demo.serviceRoleKey)
    return `${where} the anon or service_role key is the Supabase CLI's public demo key; leave both unset so they are derived from JWT_SECRET.`;
  if (partial.seed === true)
    return `${where} SEED would load the demo accounts with their published passwords; unset SEED.`;
  if (partial.auth?.devOidc === true)
    return `${where} the development OAuth provider signs anyone in as its demo people; configure a real provider (FACEBOOK_CLIENT_ID, FACEBOOK_SECRET) instead.`;
  return null;
}

/**
 * Completes a partial configuration: explicit settings first, then the project's config.toml `[auth]` (as
 * `supabase start` would apply it), then the defaults `supabase start` uses (and safe ones when exposed).
 */
export function resolveConfig(partial: Partial<BackendConfig> = {}): BackendConfig {
  const projectDir = partial.projectDir ?? defaultProjectDir;
  const fromToml = authFromToml(readProjectConfig(projectDir).toml, projectDir, process.env);
  const jwtSecret = partial.jwtSecret ?? fromToml.jwtSecret ?? DEMO_JWT_SECRET;
  const keys = keysFor(jwtSecret);
  const host = partial.host ?? '127.0.0.1';
  const exposed = isExposed({ host, publicUrl: partial.publicUrl });
  const config: BackendConfig = {
    host,
    port: 54321,
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: [],
    dataDir: path.join(packageDir, '.data'),
    jwtExpiry: 3600,
    maxBodyBytes: 1024 * 1024,
    // The seed's demo accounts have published passwords: only ever on loopback.
    seed: !exposed,
    trustedProxies: [],
    ...fromToml,
    ...partial,
    projectDir,
    jwtSecret,
    anonKey: partial.anonKey ?? keys.anonKey,
    serviceRoleKey: partial.serviceRoleKey ?? keys.serviceRoleKey,
    auth: {
      autoconfirm: false,
      disableSignup: false,
      ...(fromToml.auth ?? {}),
      ...(partial.auth ?? {}),
      rateLimits: { ...(fromToml.auth?.rateLimits ?? {}), ...(partial.auth?.rateLimits ?? {}) },
    },
    realtime: { ...REALTIME_DEFAULTS, ...(partial.realtime ?? {}) },
  };
  // Unusable signing keys stop the start here, with the reason (not at the first request).
  if (config.signingKeys) createJwtVerifier(config.jwtSecret, config.signingKeys);
  const reason = unsafeReason(config, partial);
  if (reason) throw new UnsafeConfigError(reason);
  return config;
}

const bool = (v: string | undefined): boolean | undefined =>
  v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
const int = (v: string | undefined): number | undefined =>
  v === undefined || v === '' ? undefined : Number.parseInt(v, 10);

/** Reads the configuration from environment variables (names like the Supabase CLI / GoTrue ones). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const partial: Partial<BackendConfig> = {};
  if (env.HOST) partial.host = env.HOST;
  const port = int(env.PORT);
  if (port !== undefined) partial.port = port;
  if (env.JWT_SECRET) partial.jwtSecret = env.JWT_SECRET;
  if (env.SITE_URL) partial.siteUrl = env.SITE_URL;
  if (env.ADDITIONAL_REDIRECT_URLS)
    partial.additionalRedirectUrls = env.ADDITIONAL_REDIRECT_URLS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (env.SUPABASE_DIR) partial.projectDir = path.resolve(env.SUPABASE_DIR);
  if (env.DATA_DIR) partial.dataDir = path.resolve(env.DATA_DIR);
  if (env.DATABASE_URL) partial.databaseUrl = env.DATABASE_URL;
  const expiry = int(env.JWT_EXPIRY);
  if (expiry !== undefined) partial.jwtExpiry = expiry;
  const maxBody = int(env.MAX_BODY_BYTES);
  if (maxBody !== undefined) partial.maxBodyBytes = maxBody;
  const seed = bool(env.SEED);
  if (seed !== undefined) partial.seed = seed;
  if (env.PUBLIC_URL) partial.publicUrl = env.PUBLIC_URL;
  if (env.TRUSTED_PROXIES)
    partial.trustedProxies = env.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (env.MAIL_CATCHER_TOKEN) partial.mailCatcherToken = env.MAIL_CATCHER_TOKEN;
  if (env.SMTP_HOST)
    partial.smtp = {
      host: env.SMTP_HOST,
      port: int(env.SMTP_PORT) ?? 587,
      user: env.SMTP_USER,
      pass: env.SMTP_PASS,
      sender: env.SMTP_SENDER,
    };
  const realtime: Partial<RealtimeConfig> = {};
  for (const [key, name] of [
    ['maxConcurrentUsers', 'REALTIME_MAX_CONCURRENT_USERS'],
    ['maxChannelsPerClient', 'REALTIME_MAX_CHANNELS_PER_CLIENT'],
    ['maxJoinsPerSecond', 'REALTIME_MAX_JOINS_PER_SECOND'],
    ['maxEventsPerSecond', 'REALTIME_MAX_EVENTS_PER_SECOND'],
    ['maxPayloadBytes', 'REALTIME_MAX_PAYLOAD_BYTES'],
    ['channelErrorBackoffMs', 'REALTIME_CHANNEL_ERROR_BACKOFF_MS'],
    ['connectErrorBackoffMs', 'REALTIME_CONNECT_ERROR_BACKOFF_MS'],
  ] as const) {
    const value = int(env[name]);
    if (value !== undefined) realtime[key] = value;
  }
  partial.realtime = { ...REALTIME_DEFAULTS, ...realtime };
  if (env.JWT_SIGNING_KEYS) partial.signingKeys = JSON.parse(env.JWT_SIGNING_KEYS) as SigningJwk[];
  else if (env.SIGNING_KEYS_PATH) partial.signingKeys = readSigningKeys(path.resolve(env.SIGNING_KEYS_PATH));
  // Only what the environment sets: the rest comes from config.toml, then the defaults.
  const auth: Record<string, unknown> = {};
  const autoconfirm = bool(env.ENABLE_EMAIL_AUTOCONFIRM);
  if (autoconfirm !== undefined) auth.autoconfirm = autoconfirm;
  const disableSignup = bool(env.DISABLE_SIGNUP);
  if (disableSignup !== undefined) auth.disableSignup = disableSignup;
  const anonymous = bool(env.ENABLE_ANONYMOUS_SIGN_INS);
  if (anonymous !== undefined) auth.anonymousSignIns = anonymous;
  const manualLinking = bool(env.ENABLE_MANUAL_LINKING);
  if (manualLinking !== undefined) auth.manualLinking = manualLinking;
  if (Object.keys(auth).length) partial.auth = auth as unknown as AuthConfig;
  return resolveConfig(partial);
}

export const defaultTmpDataDir = (): string =>
  path.join(tmpdir(), `local-supabase-${process.pid}-${Date.now()}`);
