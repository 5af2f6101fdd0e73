/**
 * The `[auth]` sections of a Supabase CLI `config.toml` as the local Auth reads them, so a project (this one's
 * supabase/, or a client library's test/supabase) gets the settings `supabase start` would give it. Only keys present
 * in the file count; `env(NAME)` values are read from the environment, as the CLI substitutes them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackendConfig, SmtpConfig } from '../configTypes.ts';
import type { SigningJwk } from '../jwt.ts';
import type { ExternalProviderSettings, RateLimitSettings } from './settings.ts';

type Table = Record<string, unknown>;

const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});

/** Go durations as the CLI writes them ("1s", "1m30s", "2h") in seconds. */
function seconds(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  let total = 0;
  let seen = 0;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    seen += m[0].length;
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : n / 1000;
  }
  return seen && seen === v.length ? total : undefined;
}

/** Optional signing key files: the CLI generates them (`supabase gen signing-key`), a project need not commit them. */
export function readSigningKeys(file: string): SigningJwk[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `signing keys: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    throw new Error(`signing keys: ${file} is not JSON (a JSON array of private JWKs is expected)`);
  }
  if (!Array.isArray(keys) || keys.some((k) => !k || typeof k !== 'object'))
    throw new Error(`signing keys: ${file} must hold a JSON array of private JWKs`);
  return keys as SigningJwk[];
}

/** What `config.toml` says about Auth, as a partial backend configuration (before explicit settings and env). */
export function authFromToml(
  toml: Table,
  projectDir: string,
  env: Record<string, string | undefined>,
): Partial<BackendConfig> {
  const sub = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const m = /^env\((\w+)\)$/.exec(v.trim());
    return m ? (env[m[1]!] ?? '') : v;
  };
  const a = table(toml.auth);
  if (!Object.keys(a).length) return {};
  const get = (t: Table, k: string): unknown => sub(t[k]);
  const out: Partial<BackendConfig> = {};
  const auth: Record<string, unknown> = {};
  const rateLimits: Partial<RateLimitSettings> = {};
  const str = (t: Table, k: string) =>
    typeof get(t, k) === 'string' && get(t, k) !== '' ? (get(t, k) as string) : undefined;
  const num = (t: Table, k: string) => (typeof t[k] === 'number' ? (t[k] as number) : undefined);
  const flag = (t: Table, k: string) => (typeof t[k] === 'boolean' ? (t[k] as boolean) : undefined);

  if (str(a, 'site_url')) out.siteUrl = str(a, 'site_url');
  if (Array.isArray(a.additional_redirect_urls))
    out.additionalRedirectUrls = a.additional_redirect_urls.map((u) => String(sub(u)));
  if (num(a, 'jwt_expiry') !== undefined) out.jwtExpiry = num(a, 'jwt_expiry');
  if (str(a, 'jwt_secret')) out.jwtSecret = str(a, 'jwt_secret');
  if (str(a, 'signing_keys_path'))
    out.signingKeys = readSigningKeys(path.resolve(projectDir, str(a, 'signing_keys_path')!));
  if (flag(a, 'enable_signup') !== undefined) auth.disableSignup = !flag(a, 'enable_signup');
  if (flag(a, 'enable_anonymous_sign_ins') !== undefined)
    auth.anonymousSignIns = flag(a, 'enable_anonymous_sign_ins');
  if (flag(a, 'enable_manual_linking') !== undefined) auth.manualLinking = flag(a, 'enable_manual_linking');
  const oauthServer = table(a.oauth_server);
  if (flag(oauthServer, 'enabled') !== undefined) auth.oauthServer = flag(oauthServer, 'enabled');
  if (flag(oauthServer, 'allow_dynamic_registration') !== undefined)
    auth.oauthServerAllowDynamicRegistration = flag(oauthServer, 'allow_dynamic_registration');
  if (str(oauthServer, 'authorization_url_path'))
    auth.oauthServerAuthorizationPath = str(oauthServer, 'authorization_url_path');
  if (flag(table(a.passkey), 'enabled') !== undefined) auth.passkeys = flag(table(a.passkey), 'enabled');
  const webauthn = table(a.webauthn);
  if (Object.keys(webauthn).length) {
    auth.webauthn = {
      rpId: str(webauthn, 'rp_id'),
      rpDisplayName: str(webauthn, 'rp_display_name'),
      rpOrigins: Array.isArray(webauthn.rp_origins)
        ? webauthn.rp_origins.map((o) => String(sub(o)))
        : undefined,
    };
  }
  if (num(a, 'minimum_password_length') !== undefined)
    auth.minPasswordLength = num(a, 'minimum_password_length');
  if (flag(a, 'enable_refresh_token_rotation') === false) auth.refreshTokenReuseInterval = 0;
  if (num(a, 'refresh_token_reuse_interval') !== undefined)
    auth.refreshTokenReuseInterval = num(a, 'refresh_token_reuse_interval');

  const email = table(a.email);
  if (flag(email, 'enable_confirmations') !== undefined)
    auth.autoconfirm = !flag(email, 'enable_confirmations');
  if (flag(email, 'double_confirm_changes') !== undefined)
    auth.secureEmailChange = flag(email, 'double_confirm_changes');
  if (flag(email, 'secure_password_change') !== undefined)
    auth.updatePasswordRequireReauthentication = flag(email, 'secure_password_change');
  if (seconds(email.max_frequency) !== undefined) rateLimits.emailInterval = seconds(email.max_frequency);
  if (num(email, 'otp_expiry') !== undefined) auth.otpExpiry = num(email, 'otp_expiry');
  const smtp = table(email.smtp);
  if (smtp.enabled !== false && str(smtp, 'host')) {
    out.smtp = {
      host: str(smtp, 'host')!,
      port: num(smtp, 'port') ?? 587,
      user: str(smtp, 'user'),
      pass: str(smtp, 'pass'),
      sender: str(smtp, 'admin_email'),
    } satisfies SmtpConfig;
  }

  // The CLI's limits: e-mails per hour, the others per 5 minutes per client address (GoTrue's windows).
  const rl = table(a.rate_limit);
  if (num(rl, 'email_sent') !== undefined) rateLimits.emailsPerHour = num(rl, 'email_sent');
  if (num(rl, 'token_refresh') !== undefined) rateLimits.refresh = num(rl, 'token_refresh');
  if (num(rl, 'sign_in_sign_ups') !== undefined)
    rateLimits.signIn = rateLimits.signUp = num(rl, 'sign_in_sign_ups');
  if (num(rl, 'token_verifications') !== undefined)
    rateLimits.verify = rateLimits.otp = rateLimits.recover = num(rl, 'token_verifications');
  if (num(rl, 'anonymous_users') !== undefined) rateLimits.anonymous = num(rl, 'anonymous_users');

  const mfa = table(a.mfa);
  if (num(mfa, 'max_enrolled_factors') !== undefined) auth.mfaMaxFactors = num(mfa, 'max_enrolled_factors');
  if (flag(table(mfa.totp), 'enroll_enabled') !== undefined)
    auth.mfaTotpEnroll = flag(table(mfa.totp), 'enroll_enabled');
  if (flag(table(mfa.web_authn), 'enroll_enabled') !== undefined)
    auth.mfaWebAuthnEnroll = flag(table(mfa.web_authn), 'enroll_enabled');
  if (flag(table(mfa.web_authn), 'verify_enabled') !== undefined)
    auth.mfaWebAuthnVerify = flag(table(mfa.web_authn), 'verify_enabled');

  const providers: Record<string, Partial<ExternalProviderSettings> & { enabled: boolean }> = {};
  for (const [name, raw] of Object.entries(table(a.external))) {
    const p = table(raw);
    if (p.enabled !== true) continue;
    providers[name] = {
      enabled: true,
      clientId: str(p, 'client_id') ?? '',
      secret: str(p, 'secret') ?? '',
      ...(str(p, 'url') ? { url: str(p, 'url') } : {}),
    };
  }
  if (Object.keys(providers).length) auth.tomlProviders = providers;
  if (Object.keys(rateLimits).length) auth.rateLimits = rateLimits;
  if (Object.keys(auth).length) out.auth = auth as BackendConfig['auth'];
  return out;
}
