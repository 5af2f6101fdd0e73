import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signJwtSync } from './jwt.js';

/** The Supabase CLI's well-known local demo JWT secret (`supabase start`). Local use only. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Expiry of the CLI's demo anon/service_role keys. */
export const DEMO_KEY_EXPIRY = 1983812996;

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
  [key: string]: unknown;
}

export interface BackendConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  jwtSecret: string;
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
  smtp?: SmtpConfig;
  auth: AuthConfig;
  /** The URL clients use to reach the server; defaults to http://host:port. */
  publicUrl?: string;
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

/** Completes a partial configuration with the defaults `supabase start` uses. */
export function resolveConfig(partial: Partial<BackendConfig> = {}): BackendConfig {
  const jwtSecret = partial.jwtSecret ?? DEMO_JWT_SECRET;
  const keys = keysFor(jwtSecret);
  return {
    host: '127.0.0.1',
    port: 54321,
    siteUrl: 'http://127.0.0.1:3000',
    additionalRedirectUrls: [],
    projectDir: defaultProjectDir,
    dataDir: path.join(packageDir, '.data'),
    jwtExpiry: 3600,
    maxBodyBytes: 1024 * 1024,
    seed: true,
    ...partial,
    jwtSecret,
    anonKey: partial.anonKey ?? keys.anonKey,
    serviceRoleKey: partial.serviceRoleKey ?? keys.serviceRoleKey,
    auth: { autoconfirm: false, disableSignup: false, rateLimits: {}, ...(partial.auth ?? {}) },
  };
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
    partial.additionalRedirectUrls = env.ADDITIONAL_REDIRECT_URLS.split(',').map((s) => s.trim()).filter(Boolean);
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
  if (env.SMTP_HOST)
    partial.smtp = {
      host: env.SMTP_HOST,
      port: int(env.SMTP_PORT) ?? 587,
      user: env.SMTP_USER,
      pass: env.SMTP_PASS,
      sender: env.SMTP_SENDER,
    };
  partial.auth = {
    autoconfirm: bool(env.ENABLE_EMAIL_AUTOCONFIRM) ?? false,
    disableSignup: bool(env.DISABLE_SIGNUP) ?? false,
    rateLimits: {},
  };
  return resolveConfig(partial);
}

export const defaultTmpDataDir = (): string => path.join(tmpdir(), `local-supabase-${process.pid}-${Date.now()}`);
