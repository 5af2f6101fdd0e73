/**
 * Supabase Auth (GoTrue) for the local backend: `/auth/v1/*` as a Web-standard handler, plus the
 * mail catcher (`/mail`) and the development OpenID Connect provider (`/oidc`) as node mounts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthHttpError,
  badRequest,
  errorResponse,
  forbidden,
  invalidCredentials,
  jsonResponse,
  notFound,
  unprocessable,
} from './errors.js';
import { burnPasswordCheck, checkPassword, hashPassword, pkceMatches, sha256Hex } from './crypto.js';
import { MailCatcher, createMailer, handleMailCatcher, type Mailer } from './mail.js';
import { renderMail, type MailKind } from './templates.js';
import { RateLimiter } from './ratelimit.js';
import { AuthService, type AuthSql, type Row, type TokenType } from './service.js';
import { resolveSettings, type AuthConfigInput, type AuthSettings, type ExternalProviderSettings } from './settings.js';
import { createDevOidc, DEMO_ACCOUNTS } from './oidc.js';
import { totpQrSvg } from './qr.js';

export { MailCatcher } from './mail.js';
export { DEMO_ACCOUNTS } from './oidc.js';
export type { AuthSettings } from './settings.js';

export interface CreateAuthOptions {
  db: AuthSql;
  config: AuthConfigInput | object;
  /** Where the backend is reachable, e.g. http://127.0.0.1:54321 (no trailing slash). */
  publicUrl: string;
  env?: Record<string, string | undefined>;
}

export type NodeMount = (req: IncomingMessage, res: ServerResponse) => void;

export interface AuthModule {
  handle(req: Request): Promise<Response>;
  nodeMounts: Record<string, NodeMount>;
  close(): Promise<void>;
  /** The in-memory inbox (used when no SMTP server is configured). */
  mailCatcher: MailCatcher;
  settings: AuthSettings;
  /** URL of the mail catcher page. */
  mailUrl: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_BODY = 256 * 1024;
const MAX_METADATA = 16 * 1024;
const FLOW_CODE_TTL = 600;
const MFA_CHALLENGE_TTL = 300;

type LinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

const AUTH_METHOD_FOR_LINK: Record<LinkType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

const TOKEN_TYPES_FOR_VERIFY: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

// ------------------------------------------------------------------ input helpers

async function readBody(req: Request): Promise<Row> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  const text = await req.text();
  if (text.length > MAX_BODY) throw new AuthHttpError(413, 'request_too_large', 'Request body too large');
  if (!text.trim()) return {};
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${e instanceof Error ? e.message : 'invalid JSON'}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Row;
}

function optString(body: Row, key: string, max = 255): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest('validation_failed', `${key} must be a string`);
  if (v.length > max) throw badRequest('validation_failed', `${key} is too long (at most ${max} characters)`);
  return v;
}

function parseEmail(raw: unknown, missing: string): string {
  if (raw === undefined || raw === null || raw === '') throw badRequest('validation_failed', missing);
  if (typeof raw !== 'string') throw badRequest('validation_failed', 'email must be a string');
  const email = raw.trim().toLowerCase();
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_RE.test(email)) throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
  return email;
}

function parseMetadata(raw: unknown, key = 'data'): Row | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('validation_failed', `${key} must be an object`);
  if (JSON.stringify(raw).length > MAX_METADATA) throw badRequest('validation_failed', `${key} is too large`);
  return raw as Row;
}

function parsePkce(body: Row): { challenge: string; method: string } | null {
  const challenge = body.code_challenge;
  const method = body.code_challenge_method;
  if ((challenge === undefined || challenge === null || challenge === '') && (method === undefined || method === null || method === '')) return null;
  if (typeof challenge !== 'string' || typeof method !== 'string' || !challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw badRequest('validation_failed', 'code challenge method not supported');
  if (challenge.length < 43 || challenge.length > 128 || !/^[A-Za-z0-9._~-]+$/.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: m };
}

/** Go-style durations as GoTrue's ban_duration takes them: '24h', '90m', '1h30m', 'none'. */
function parseDuration(raw: string): number | null {
  if (raw === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const m of raw.matchAll(re)) {
    consumed += m[0].length;
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
  }
  if (!consumed || consumed !== raw.length) throw badRequest('validation_failed', 'invalid format for ban duration');
  return total;
}

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/.]*';
    } else if (c === '?') re += '[^/.]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

// ------------------------------------------------------------------ the module

export async function createAuth(opts: CreateAuthOptions): Promise<AuthModule> {
  const env = opts.env ?? process.env;
  const settings = resolveSettings(opts.config as AuthConfigInput, env);
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const svc = new AuthService(opts.db, settings, publicUrl);
  const issuer = svc.issuer;
  const limiter = new RateLimiter();
  const catcher = new MailCatcher();
  const mailer: Mailer = createMailer({ smtp: settings.smtp, from: `${settings.senderName} <${settings.sender}>`, catcher });
  const rl = settings.rateLimits;
  const stateKey = new TextEncoder().encode(`oauth-state:${settings.jwtSecret}`);

  const providers: Record<string, ExternalProviderSettings> = { ...settings.providers };
  const nodeMounts: Record<string, NodeMount> = {};
  if (settings.devOidc && !providers.facebook) {
    const dev = await createDevOidc({ publicUrl, callbackUrl: `${issuer}/callback` });
    providers.facebook = dev.provider;
    nodeMounts['/oidc'] = dev.mount;
  }
  const mailBase = '/mail';
  nodeMounts[mailBase] = (req, res) => {
    void nodeToWeb(req, res, async (request) => {
      const path = new URL(request.url).pathname.slice(mailBase.length) || '/';
      return handleMailCatcher(catcher, request, path, mailBase);
    });
  };

  // ---------------------------------------------------------------- redirects

  function redirectAllowed(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    const site = new URL(settings.siteUrl);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === site.origin) return true;
    const bare = raw.split('#')[0]!;
    // Globs are matched against the parsed URL without user info, query or fragment, so that a host wildcard
    // ('https://*.example.com/**') cannot be satisfied by 'https://evil?.example.com/' (host evil) or user info.
    const normalized = `${url.protocol}//${url.host}${url.pathname}`;
    for (const pattern of settings.additionalRedirectUrls) {
      if (!pattern) continue;
      if (pattern.includes('*') || pattern.includes('?')) {
        if (!url.username && !url.password && globToRegExp(pattern).test(normalized)) return true;
      } else {
        const p = pattern.replace(/\/+$/, '');
        const noQuery = bare.split('?')[0]!.replace(/\/+$/, '');
        if (noQuery === p) return true;
      }
    }
    return false;
  }

  /** redirect_to if allowed, else the site URL (as GoTrue does). */
  function redirectTo(raw: string | null | undefined): string {
    if (raw && raw.length <= 2048 && redirectAllowed(raw)) return raw;
    return settings.siteUrl;
  }

  function withQuery(base: string, params: Record<string, string>): string {
    const u = new URL(base);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  function withFragment(base: string, params: Record<string, string>): string {
    const u = new URL(base);
    u.hash = new URLSearchParams(params).toString();
    return u.toString();
  }

  function redirect(location: string, status = 303): Response {
    return new Response(null, { status, headers: { Location: location, [API_VERSION_HEADER]: API_VERSION } });
  }

  // ---------------------------------------------------------------- mail

  async function sendAuthMail(
    kind: MailKind,
    to: string,
    u: Row,
    o: { otp: string; linkToken?: string; linkType?: LinkType; redirect?: string; newEmail?: string },
  ): Promise<void> {
    const confirmationUrl =
      o.linkToken && o.linkType
        ? `${issuer}/verify?${new URLSearchParams({ token: o.linkToken, type: o.linkType, redirect_to: o.redirect ?? settings.siteUrl }).toString()}`
        : undefined;
    const mail = renderMail(kind, {
      siteName: settings.siteName,
      siteUrl: settings.siteUrl,
      email: String(u.email ?? to),
      newEmail: o.newEmail,
      confirmationUrl,
      token: o.otp,
    });
    await mailer.send({ to, ...mail });
  }

  /** A token + e-mail with a link through /verify (and a PKCE flow state when asked for). */
  async function sendLinkMail(
    u: Row,
    kind: MailKind,
    linkType: LinkType,
    tokenType: TokenType,
    address: string,
    redirect: string,
    pkce: { challenge: string; method: string } | null,
    o: { newEmail?: string; createFlow?: boolean } = {},
  ): Promise<void> {
    if (pkce && o.createFlow !== false) {
      await svc.createFlowState({
        userId: u.id,
        challenge: pkce.challenge,
        method: pkce.method,
        providerType: 'email',
        authenticationMethod: AUTH_METHOD_FOR_LINK[linkType],
      });
    }
    const { otp, linkToken } = await svc.createOneTimeToken(u, tokenType, address, !!pkce);
    await sendAuthMail(kind, address, u, { otp, linkToken, linkType, redirect, newEmail: o.newEmail ?? (kind === 'email_change' ? address : undefined) });
  }

  function mailLimit(kind: string, address: string): void {
    limiter.mail(kind, address, rl.emailInterval, rl.emailsPerHour);
  }

  function checkNewPassword(raw: unknown): string {
    if (typeof raw !== 'string') throw badRequest('validation_failed', 'password must be a string');
    if (Buffer.byteLength(raw) > 72) throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
    if (raw.length < settings.minPasswordLength) {
      throw unprocessable('weak_password', `Password should be at least ${settings.minPasswordLength} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    return raw;
  }

  // ---------------------------------------------------------------- verification effects

  async function confirmEmail(u: Row): Promise<Row> {
    if (u.email_confirmed_at) return u;
    await svc.q(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [u.id],
    );
    return (
      await svc.q(
        `update auth.users set email_confirmed_at = now(), updated_at = now(),
           raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
             then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
         where id = $1 returning *`,
        [u.id],
      )
    )[0]!;
  }

  /** Sent when the first of the two e-mail change links is accepted. */
  const EMAIL_CHANGE_PENDING = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

  /** Marks the user pending (first of two e-mail change confirmations) or returns null when the change can complete. */
  async function emailChangeStillPending(u: Row, type: TokenType): Promise<boolean> {
    if (type !== 'email_change_token_new' && type !== 'email_change_token_current') return false;
    const other = type === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
    const waiting = await svc.q('select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2', [u.id, other]);
    if (!waiting.length) return false;
    await svc.q('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [u.id]);
    return true;
  }

  async function applyVerification(res: { user: Row; type: TokenType; relatesTo: string }): Promise<Row> {
    const u = res.user;
    if (res.type === 'email_change_token_new' || res.type === 'email_change_token_current') {
      if (!u.email_change) throw forbidden('otp_expired', 'Token has expired or is invalid');
      await svc.q(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [u.id]);
      const newEmail = String(u.email_change).toLowerCase();
      const taken = await svc.userByEmail(newEmail);
      if (taken && taken.id !== u.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      const updated = (
        await svc.q(
          `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
             email_change_sent_at = null, email_change_confirm_status = 0,
             email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
             raw_user_meta_data = case when raw_user_meta_data ? 'email' then raw_user_meta_data || jsonb_build_object('email', $3::text) else raw_user_meta_data end
           where id = $1 returning *`,
          [u.id, newEmail, newEmail],
        )
      )[0]!;
      await svc.q(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
         where user_id = $1 and provider = 'email'`,
        [u.id, newEmail],
      );
      await svc.audit('user_modified', updated, { email_change: true });
      return updated;
    }
    const confirmed = await confirmEmail(u);
    if (res.type === 'confirmation_token') await svc.audit('user_signedup', confirmed, { provider: 'email' });
    return confirmed;
  }

  // ---------------------------------------------------------------- routes

  async function signup(req: Request, url: URL): Promise<Response> {
    limiter.hit('signup', rl.signUp, rl.windowSeconds);
    if (settings.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const body = await readBody(req);
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email && !body.phone && !body.password) {
      // supabase-js signInAnonymously() posts an empty sign-up.
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const email = parseEmail(body.email, 'To signup, please provide your email');
    if (body.password === undefined || body.password === null || body.password === '') {
      throw badRequest('validation_failed', 'Signup requires a valid password');
    }
    const password = checkNewPassword(body.password);
    const data = parseMetadata(body.data);
    const pkce = parsePkce(body);
    const redirect = redirectTo(url.searchParams.get('redirect_to'));
    const existing = await svc.userByEmail(email);
    if (existing?.email_confirmed_at) {
      if (settings.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      await svc.audit('user_repeated_signup', existing, { provider: 'email' });
      // Same answer as for a new address, so sign-up does not reveal accounts.
      const now = new Date().toISOString();
      return jsonResponse({
        id: randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        phone: '',
        confirmation_sent_at: now,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      });
    }
    if (!settings.autoconfirm) mailLimit('confirmation', email);
    let user = existing;
    if (!user) {
      const hash = await hashPassword(password, settings.bcryptCost);
      try {
        user = await svc.createUser({ email, passwordHash: hash, userMetadata: data, confirmed: settings.autoconfirm, provider: 'email' });
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw unprocessable('user_already_exists', 'User already registered');
        throw e;
      }
      await svc.audit('user_signedup', user, { provider: 'email' });
    }
    if (settings.autoconfirm) {
      return jsonResponse(await svc.issueSession(user, 'password', req));
    }
    await sendLinkMail(user, 'confirmation', 'signup', 'confirmation_token', email, redirect, pkce);
    const fresh = (await svc.userById(user.id)) ?? user;
    return jsonResponse(await svc.userJson(fresh));
  }

  async function token(req: Request, url: URL): Promise<Response> {
    const grant = url.searchParams.get('grant_type');
    if (grant === 'refresh_token') {
      limiter.hit('refresh', rl.refresh, rl.windowSeconds);
      const body = await readBody(req);
      const rt = body.refresh_token;
      if (typeof rt !== 'string' || !rt) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      return jsonResponse(await svc.refresh(rt));
    }
    if (grant === 'password') {
      limiter.hit('token', rl.signIn, rl.windowSeconds);
      const body = await readBody(req);
      if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
      if (body.email === undefined || body.email === null || body.email === '') throw badRequest('validation_failed', 'missing email or phone');
      if (typeof body.email !== 'string' || body.email.length > 255) throw invalidCredentials();
      if (typeof body.password !== 'string' || !body.password) throw badRequest('validation_failed', 'missing password');
      if (Buffer.byteLength(body.password) > 72) throw invalidCredentials();
      const u = await svc.userByEmail(body.email.trim());
      if (!u || !u.encrypted_password) {
        await burnPasswordCheck(body.password, settings.bcryptCost);
        throw invalidCredentials();
      }
      if (!(await checkPassword(body.password, u.encrypted_password))) throw invalidCredentials();
      if (!u.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      if (svc.isBanned(u)) throw badRequest('user_banned', 'User is banned');
      return jsonResponse(await svc.issueSession(u, 'password', req));
    }
    if (grant === 'pkce') {
      limiter.hit('token', rl.signIn, rl.windowSeconds);
      const body = await readBody(req);
      const code = body.auth_code;
      const verifier = body.code_verifier;
      if (typeof code !== 'string' || typeof verifier !== 'string' || !code || !verifier || code.length > 128 || verifier.length > 256) {
        throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      }
      const fs = await svc.takeFlowState(code);
      if (!fs) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      const issued = new Date(fs.auth_code_issued_at).getTime();
      if (Date.now() - issued > FLOW_CODE_TTL * 1000) throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired');
      if (!pkceMatches(verifier, String(fs.code_challenge), String(fs.code_challenge_method))) {
        throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
      }
      const u = fs.user_id ? await svc.userById(String(fs.user_id)) : null;
      if (!u) throw notFound('user_not_found', 'User not found');
      if (svc.isBanned(u)) throw badRequest('user_banned', 'User is banned');
      const extra =
        fs.provider_type !== 'email' ? { provider_token: fs.provider_access_token ?? null, provider_refresh_token: fs.provider_refresh_token ?? null } : {};
      return jsonResponse(await svc.issueSession(u, String(fs.authentication_method), req, extra));
    }
    throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
  }

  async function recover(req: Request, url: URL): Promise<Response> {
    limiter.hit('recover', rl.recover, rl.windowSeconds);
    const body = await readBody(req);
    const email = parseEmail(body.email, 'Password recovery requires an email');
    const pkce = parsePkce(body);
    const redirect = redirectTo(url.searchParams.get('redirect_to'));
    mailLimit('recovery', email);
    const u = await svc.userByEmail(email);
    if (u && !svc.isBanned(u)) {
      await sendLinkMail(u, 'recovery', 'recovery', 'recovery_token', email, redirect, pkce);
      await svc.audit('user_recovery_requested', u);
    }
    return jsonResponse({});
  }

  async function otp(req: Request, url: URL): Promise<Response> {
    limiter.hit('otp', rl.otp, rl.windowSeconds);
    const body = await readBody(req);
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = parseEmail(body.email, 'An email address is required');
    const data = parseMetadata(body.data);
    const createUser = body.create_user === undefined ? true : body.create_user === true;
    const pkce = parsePkce(body);
    const redirect = redirectTo(url.searchParams.get('redirect_to'));
    let u = await svc.userByEmail(email);
    if (!u) {
      if (!createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
      if (settings.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    }
    mailLimit('otp', email);
    if (!u) {
      u = await svc.createUser({ email, passwordHash: null, userMetadata: data, confirmed: false, provider: 'email' });
      await svc.audit('user_signedup', u, { provider: 'email', otp: true });
    }
    if (svc.isBanned(u)) return jsonResponse({});
    if (!u.email_confirmed_at) {
      await sendLinkMail(u, 'confirmation', 'signup', 'confirmation_token', email, redirect, pkce);
    } else {
      await sendLinkMail(u, 'magic_link', 'magiclink', 'recovery_token', email, redirect, pkce);
    }
    return jsonResponse({});
  }

  async function resend(req: Request, url: URL): Promise<Response> {
    limiter.hit('otp', rl.otp, rl.windowSeconds);
    const body = await readBody(req);
    const type = body.type;
    if (type !== 'signup' && type !== 'email_change') {
      if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = parseEmail(body.email, 'Type provided requires an email address');
    const pkce = parsePkce(body);
    const redirect = redirectTo(url.searchParams.get('redirect_to'));
    mailLimit(type === 'signup' ? 'confirmation' : 'email_change', email);
    if (type === 'signup') {
      const u = await svc.userByEmail(email);
      if (u && !u.email_confirmed_at) await sendLinkMail(u, 'confirmation', 'signup', 'confirmation_token', email, redirect, pkce);
    } else {
      const u =
        (await svc.q('select * from auth.users where (lower(email) = $1 or lower(email_change) = $1) and email_change <> \'\' and deleted_at is null limit 1', [
          email,
        ]))[0] ?? null;
      if (u?.email_change) {
        await sendLinkMail(u, 'email_change', 'email_change', 'email_change_token_new', String(u.email_change), redirect, pkce);
      }
    }
    return jsonResponse({});
  }

  async function verifyPost(req: Request): Promise<Response> {
    limiter.hit('verify', rl.verify, rl.windowSeconds);
    const body = await readBody(req);
    const type = optString(body, 'type', 32);
    if (!type || !TOKEN_TYPES_FOR_VERIFY[type]) {
      if (type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
      throw badRequest('validation_failed', 'Verify requires a verification type');
    }
    const tokenHash = optString(body, 'token_hash', 256);
    const tokenValue = optString(body, 'token', 64);
    let candidates: string[];
    if (tokenHash) candidates = [tokenHash];
    else if (tokenValue) {
      const email = parseEmail(body.email, 'Only an email address or phone number should be provided on verify');
      const h = sha256Hex(email + tokenValue.trim());
      candidates = [h, `pkce_${h}`];
    } else throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    const res = await svc.consumeOneTimeToken(TOKEN_TYPES_FOR_VERIFY[type]!, candidates);
    if (!res) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (svc.isBanned(res.user)) throw badRequest('user_banned', 'User is banned');
    if (await emailChangeStillPending(res.user, res.type)) return jsonResponse({ msg: EMAIL_CHANGE_PENDING, code: 200 });
    const u = await applyVerification(res);
    return jsonResponse(await svc.issueSession(u, 'otp', req));
  }

  async function verifyGet(req: Request, url: URL): Promise<Response> {
    limiter.hit('verify', rl.verify, rl.windowSeconds);
    const type = url.searchParams.get('type') ?? '';
    const tok = url.searchParams.get('token') ?? '';
    const target = redirectTo(url.searchParams.get('redirect_to'));
    const pkceLink = tok.startsWith('pkce_');
    const fail = (code: string, description: string) => {
      const params = { error: 'access_denied', error_code: code, error_description: description };
      return redirect(pkceLink ? withQuery(target, params) : withFragment(target, params));
    };
    const types = TOKEN_TYPES_FOR_VERIFY[type];
    if (!types || type === 'email' || !tok || tok.length > 256) return fail('validation_failed', 'Email link is invalid or has expired');
    const res = await svc.consumeOneTimeToken(types, [tok]);
    if (!res) return fail('otp_expired', 'Email link is invalid or has expired');
    if (svc.isBanned(res.user)) return fail('user_banned', 'User is banned');
    if (await emailChangeStillPending(res.user, res.type)) {
      return redirect(pkceLink ? withQuery(target, { message: EMAIL_CHANGE_PENDING }) : withFragment(target, { message: EMAIL_CHANGE_PENDING }));
    }
    let u: Row;
    try {
      u = await applyVerification(res);
    } catch (e) {
      if (e instanceof AuthHttpError) return fail(e.errorCode, e.message);
      throw e;
    }
    if (res.pkce) {
      const fs = await svc.latestFlowState(u.id, AUTH_METHOD_FOR_LINK[type as LinkType]);
      if (!fs) return fail('flow_state_not_found', 'No valid flow state found for this link');
      const code = await svc.issueAuthCode(String(fs.id), u.id);
      return redirect(withQuery(target, { code }));
    }
    const s = await svc.issueSession(u, 'otp', req);
    return redirect(
      withFragment(target, {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
        type,
      }),
    );
  }

  async function getUser(req: Request): Promise<Response> {
    const { user } = await svc.requireUser(req);
    return jsonResponse(await svc.userJson(user));
  }

  async function putUser(req: Request, url: URL): Promise<Response> {
    const { user, session } = await svc.requireUser(req);
    const body = await readBody(req);
    if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const data = parseMetadata(body.data);
    const newEmailRaw = body.email;
    const password = body.password === undefined || body.password === null ? undefined : checkNewPassword(body.password);
    const nonce = optString(body, 'nonce', 64);
    const pkce = parsePkce(body);
    let newEmail: string | undefined;
    if (newEmailRaw !== undefined && newEmailRaw !== null && newEmailRaw !== '') {
      newEmail = parseEmail(newEmailRaw, 'An email address is required');
      if (newEmail === String(user.email ?? '').toLowerCase()) newEmail = undefined;
      else {
        const taken = await svc.userByEmail(newEmail);
        if (taken) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    if (password !== undefined) {
      if (nonce) {
        const h = sha256Hex(String(user.email ?? '').toLowerCase() + nonce.trim());
        const ok = await svc.consumeOneTimeToken(['reauthentication_token'], [h]);
        if (!ok || ok.user.id !== user.id) throw badRequest('reauthentication_not_valid', 'Verification code is invalid or has expired');
      }
      if (user.encrypted_password && (await checkPassword(password, user.encrypted_password))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
    }
    if (data) {
      const remove = Object.keys(data).filter((k) => data[k] === null);
      await svc.q(
        `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[], updated_at = now() where id = $1`,
        [user.id, JSON.stringify(data), remove],
      );
    }
    if (password !== undefined) {
      const hash = await hashPassword(password, settings.bcryptCost);
      await svc.q('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hash]);
      // A new password signs out every other session (as GoTrue does).
      await svc.q('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
      await svc.audit('user_updated_password', user);
    }
    if (newEmail) {
      if (settings.autoconfirm) {
        await svc.q('update auth.users set email_change = $2 where id = $1', [user.id, newEmail]);
        await applyVerification({ user: (await svc.userById(user.id))!, type: 'email_change_token_new', relatesTo: newEmail });
      } else {
        mailLimit('email_change', newEmail);
        await svc.q('update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1', [user.id, newEmail]);
        await svc.q(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')`, [user.id]);
        const fresh = (await svc.userById(user.id))!;
        const target = redirectTo(url.searchParams.get('redirect_to'));
        await sendLinkMail(fresh, 'email_change', 'email_change', 'email_change_token_new', newEmail, target, pkce, { newEmail });
        if (settings.secureEmailChange && fresh.email) {
          // Secure e-mail change: the current address confirms too (one flow state serves both links).
          await sendLinkMail(fresh, 'email_change', 'email_change', 'email_change_token_current', String(fresh.email), target, pkce, {
            newEmail,
            createFlow: false,
          });
        }
      }
    }
    const out = (await svc.userById(user.id))!;
    if (data || password || newEmail) await svc.audit('user_modified', out);
    return jsonResponse(await svc.userJson(out));
  }

  async function reauthenticate(req: Request): Promise<Response> {
    const { user } = await svc.requireUser(req);
    if (!user.email) throw unprocessable('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    mailLimit('reauthentication', String(user.email));
    const { otp } = await svc.createOneTimeToken(user, 'reauthentication_token', String(user.email), false);
    await sendAuthMail('reauthentication', String(user.email), user, { otp });
    return jsonResponse({});
  }

  async function logout(req: Request, url: URL): Promise<Response> {
    const { user, session } = await svc.requireUser(req);
    const scope = url.searchParams.get('scope') ?? 'global';
    if (scope === 'global') await svc.q('delete from auth.sessions where user_id = $1', [user.id]);
    else if (scope === 'local') await svc.q('delete from auth.sessions where id = $1', [session.id]);
    else if (scope === 'others') await svc.q('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
    else throw badRequest('validation_failed', 'Unsupported logout scope, must be one of: global, local, others');
    await svc.audit('logout', user, { scope });
    return new Response(null, { status: 204, headers: { [API_VERSION_HEADER]: API_VERSION } });
  }

  // ---------------------------------------------------------------- MFA (TOTP)

  async function enrollFactor(req: Request): Promise<Response> {
    const { user, session } = await svc.requireUser(req);
    const body = await readBody(req);
    const type = body.factor_type;
    if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (type !== 'totp') throw badRequest('validation_failed', 'Factor type must be totp');
    const friendly = optString(body, 'friendly_name', 255) ?? '';
    const issuerName = optString(body, 'issuer', 255) ?? new URL(settings.siteUrl).hostname;
    const factors = await svc.factors(user.id);
    if (factors.length >= settings.mfaMaxFactors) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (friendly && factors.some((f) => f.friendly_name === friendly)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendly}" for this user already exists`);
    }
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ issuer: issuerName, label: String(user.email || user.id), algorithm: 'SHA1', digits: 6, period: 30, secret });
    const id = randomUUID();
    await svc.q(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, friendly, secret.base32],
    );
    const uri = totp.toString();
    return jsonResponse({ id, type: 'totp', friendly_name: friendly, totp: { qr_code: await totpQrSvg(uri), secret: secret.base32, uri } });
  }

  async function ownFactor(userId: string, factorId: string): Promise<Row> {
    if (!/^[0-9a-f-]{36}$/i.test(factorId)) throw notFound('mfa_factor_not_found', 'Factor not found');
    const f = (await svc.q('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]))[0];
    if (!f) throw notFound('mfa_factor_not_found', 'Factor not found');
    return f;
  }

  async function challengeFactor(req: Request, factorId: string): Promise<Response> {
    const { user } = await svc.requireUser(req);
    await readBody(req);
    const f = await ownFactor(user.id, factorId);
    const id = randomUUID();
    const row = (await svc.q(`insert into auth.mfa_challenges (id, factor_id, created_at) values ($1, $2, now()) returning created_at`, [id, f.id]))[0]!;
    await svc.q('update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1', [f.id]);
    const created = Math.floor(new Date(row.created_at).getTime() / 1000);
    return jsonResponse({ id, type: f.factor_type, expires_at: created + MFA_CHALLENGE_TTL });
  }

  async function verifyFactor(req: Request, factorId: string): Promise<Response> {
    limiter.hit('verify', rl.verify, rl.windowSeconds);
    const { user, session } = await svc.requireUser(req);
    const body = await readBody(req);
    const challengeId = optString(body, 'challenge_id', 64);
    const code = optString(body, 'code', 16);
    if (!challengeId || !code) throw badRequest('validation_failed', 'challenge_id and code are required');
    const f = await ownFactor(user.id, factorId);
    if (!/^[0-9a-f-]{36}$/i.test(challengeId)) throw notFound('mfa_challenge_not_found', 'Challenge not found');
    const c = (await svc.q('select * from auth.mfa_challenges where id = $1 and factor_id = $2 and verified_at is null', [challengeId, f.id]))[0];
    if (!c) throw notFound('mfa_challenge_not_found', 'Challenge not found');
    if (Date.now() - new Date(c.created_at).getTime() > MFA_CHALLENGE_TTL * 1000) {
      await svc.q('delete from auth.mfa_challenges where id = $1', [c.id]);
      throw unprocessable('mfa_challenge_expired', `MFA challenge ${c.id} has expired, verify against another challenge or create a new factor.`);
    }
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(String(f.secret)) });
    if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    const taken = await svc.q('delete from auth.mfa_challenges where id = $1 and verified_at is null returning id', [c.id]);
    if (!taken.length) throw notFound('mfa_challenge_not_found', 'Challenge not found');
    const firstVerification = f.status !== 'verified';
    await svc.q(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [f.id]);
    await svc.q(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, f.id]);
    await svc.q(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), 'totp')
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [session.id],
    );
    if (firstVerification) {
      // Sessions that have not passed the new factor lose their standing (GoTrue's behaviour).
      await svc.q(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [user.id, session.id]);
    }
    await svc.audit('factor_verified', user, { factor_id: f.id });
    const fresh = (await svc.userById(user.id))!;
    return jsonResponse(await svc.reissue(fresh, String(session.id)));
  }

  async function unenrollFactor(req: Request, factorId: string): Promise<Response> {
    const { user, session } = await svc.requireUser(req);
    const f = await ownFactor(user.id, factorId);
    if (f.status === 'verified' && session.aal !== 'aal2') throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    await svc.q('delete from auth.mfa_factors where id = $1', [f.id]);
    await svc.q(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [user.id, f.id]);
    await svc.audit('factor_unenrolled', user, { factor_id: f.id });
    return jsonResponse({ id: f.id });
  }

  // ---------------------------------------------------------------- identities

  async function unlinkIdentity(req: Request, identityId: string): Promise<Response> {
    const { user } = await svc.requireUser(req);
    const identities = await svc.identities(user.id);
    const target = identities.find((i) => i.id === identityId);
    if (!target) throw notFound('identity_not_found', 'Identity doesn\'t exist');
    if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    await svc.q('delete from auth.identities where id = $1', [target.id]);
    const rest = identities.filter((i) => i.id !== target.id);
    await svc.q(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('provider', $2::text, 'providers', $3::jsonb), updated_at = now() where id = $1`,
      [user.id, String(rest[0]!.provider), JSON.stringify([...new Set(rest.map((i) => String(i.provider)))])],
    );
    await svc.audit('identity_unlinked', user, { provider: target.provider });
    return jsonResponse({});
  }

  // ---------------------------------------------------------------- OAuth

  interface OAuthState {
    provider: string;
    redirect_to: string;
    flow_state_id?: string;
    link_user_id?: string;
  }

  async function authorizeUrl(url: URL, linkUserId?: string): Promise<string> {
    const name = (url.searchParams.get('provider') ?? '').toLowerCase();
    const p = providers[name];
    if (!p) throw badRequest('validation_failed', `Unsupported provider: provider ${name || '(none)'} is not enabled`);
    const target = redirectTo(url.searchParams.get('redirect_to'));
    const challenge = url.searchParams.get('code_challenge');
    const method = url.searchParams.get('code_challenge_method');
    let flowStateId: string | undefined;
    if (challenge || method) {
      const pk = parsePkce({ code_challenge: challenge, code_challenge_method: method });
      if (pk) {
        flowStateId = await svc.createFlowState({ userId: null, challenge: pk.challenge, method: pk.method, providerType: name, authenticationMethod: 'oauth' });
      }
    }
    const state: OAuthState = { provider: name, redirect_to: target, ...(flowStateId ? { flow_state_id: flowStateId } : {}), ...(linkUserId ? { link_user_id: linkUserId } : {}) };
    const stateJwt = await new SignJWT(state as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(stateKey);
    const out = new URL(p.authorizeUrl);
    const reserved = new Set(['provider', 'redirect_to', 'scopes', 'code_challenge', 'code_challenge_method', 'skip_http_redirect', 'client_id', 'redirect_uri', 'response_type', 'state', 'scope']);
    out.searchParams.set('client_id', p.clientId);
    out.searchParams.set('redirect_uri', `${issuer}/callback`);
    out.searchParams.set('response_type', 'code');
    const extraScopes = url.searchParams.get('scopes');
    out.searchParams.set('scope', [p.scopes, extraScopes].filter(Boolean).join(' '));
    out.searchParams.set('state', stateJwt);
    // Extra parameters (access_type=offline, prompt=consent, ...) go through to the provider.
    for (const [k, v] of url.searchParams) if (!reserved.has(k)) out.searchParams.set(k, v);
    return out.toString();
  }

  async function authorize(req: Request, url: URL): Promise<Response> {
    limiter.hit('token', rl.signIn, rl.windowSeconds);
    const location = await authorizeUrl(url);
    if (url.searchParams.get('skip_http_redirect') === 'true') return jsonResponse({ url: location });
    return redirect(location, 302);
  }

  async function linkIdentity(req: Request, url: URL): Promise<Response> {
    const { user } = await svc.requireUser(req);
    return jsonResponse({ url: await authorizeUrl(url, user.id) });
  }

  async function callback(req: Request, url: URL): Promise<Response> {
    const params = req.method === 'POST' ? new URLSearchParams(Object.entries(await readBody(req)).map(([k, v]) => [k, String(v)])) : url.searchParams;
    const rawState = params.get('state') ?? '';
    let state: OAuthState;
    try {
      state = (await jwtVerify(rawState, stateKey, { algorithms: ['HS256'] })).payload as unknown as OAuthState;
    } catch {
      throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid or expired');
    }
    const target = redirectTo(state.redirect_to);
    const fail = (error: string, description: string, code?: string) => {
      const p: Record<string, string> = { error, error_description: description, ...(code ? { error_code: code } : {}) };
      return redirect(state.flow_state_id ? withQuery(target, p) : withFragment(target, p), 302);
    };
    const provErr = params.get('error');
    if (provErr) return fail(provErr, params.get('error_description') ?? 'The provider refused the sign-in');
    const code = params.get('code');
    if (!code) return fail('invalid_request', 'No authorization code from the provider', 'bad_oauth_callback');
    const p = providers[state.provider];
    if (!p) return fail('server_error', 'Provider is not enabled', 'provider_disabled');
    let providerTokens: { access_token?: string; refresh_token?: string };
    let info: Row;
    try {
      const tr = await fetch(p.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${issuer}/callback`, client_id: p.clientId, client_secret: p.secret }),
      });
      providerTokens = (await tr.json()) as { access_token?: string; refresh_token?: string };
      if (!tr.ok || !providerTokens.access_token) throw new Error(`token endpoint answered ${tr.status}`);
      const ur = await fetch(p.userinfoUrl, { headers: { Authorization: `Bearer ${providerTokens.access_token}`, Accept: 'application/json' } });
      if (!ur.ok) throw new Error(`userinfo endpoint answered ${ur.status}`);
      info = (await ur.json()) as Row;
    } catch (e) {
      return fail('server_error', `Error getting user profile from external provider: ${e instanceof Error ? e.message : String(e)}`, 'unexpected_failure');
    }
    const providerId = String(info.sub ?? info.id ?? '');
    const email = typeof info.email === 'string' ? info.email.toLowerCase() : '';
    if (!providerId) return fail('server_error', 'Error getting user profile from external provider', 'unexpected_failure');
    if (!email) return fail('server_error', 'Error getting user email from external provider', 'provider_email_needs_verification');
    const emailVerified = info.email_verified === undefined ? true : info.email_verified === true || info.email_verified === 'true';
    const name = typeof info.name === 'string' ? info.name : undefined;
    const picture = typeof info.picture === 'string' ? info.picture : (info.picture as Row | undefined)?.data?.url;
    const identityData: Row = {
      iss: new URL(p.authorizeUrl).origin + new URL(p.authorizeUrl).pathname.replace(/\/[^/]*$/, ''),
      sub: providerId,
      provider_id: providerId,
      email,
      email_verified: emailVerified,
      phone_verified: false,
      ...(name ? { name, full_name: name } : {}),
      ...(picture ? { picture, avatar_url: picture } : {}),
    };
    let user: Row | null = null;
    const identity = (await svc.q('select * from auth.identities where provider_id = $1 and provider = $2', [providerId, state.provider]))[0];
    if (identity) {
      if (state.link_user_id && identity.user_id !== state.link_user_id) {
        return fail('server_error', 'Identity is already linked to another user', 'identity_already_exists');
      }
      await svc.q('update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1', [identity.id, JSON.stringify(identityData)]);
      user = await svc.userById(String(identity.user_id));
    } else {
      user = state.link_user_id ? await svc.userById(state.link_user_id) : emailVerified ? await svc.userByEmail(email) : null;
      if (user) {
        await svc.q(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
          [providerId, user.id, JSON.stringify(identityData), state.provider],
        );
        await svc.q(
          `update auth.users set raw_user_meta_data = $2::jsonb || coalesce(raw_user_meta_data, '{}'::jsonb), updated_at = now() where id = $1`,
          [user.id, JSON.stringify(identityData)],
        );
        await svc.syncProviders(user.id);
        await svc.audit('identity_linked', user, { provider: state.provider });
        if (emailVerified && !user.email_confirmed_at && !state.link_user_id) user = await confirmEmail(user);
        else user = await svc.userById(user.id);
      } else {
        if (settings.disableSignup) return fail('access_denied', 'Signups not allowed for this instance', 'signup_disabled');
        if (await svc.userByEmail(email)) return fail('server_error', 'Unverified email with provider', 'email_exists');
        user = await svc.createUser({
          email,
          passwordHash: null,
          userMetadata: identityData,
          confirmed: emailVerified || settings.autoconfirm,
          provider: state.provider,
          providerId,
          identityData,
        });
        await svc.audit('user_signedup', user, { provider: state.provider });
      }
    }
    if (!user) return fail('server_error', 'User not found', 'user_not_found');
    if (svc.isBanned(user)) return fail('access_denied', 'User is banned', 'user_banned');
    if (!user.email_confirmed_at) {
      mailLimit('confirmation', email);
      await sendLinkMail(user, 'confirmation', 'signup', 'confirmation_token', email, target, null);
      return fail('access_denied', `Unverified email with ${state.provider}. A confirmation email has been sent to your ${state.provider} email`, 'provider_email_needs_verification');
    }
    if (state.flow_state_id) {
      const fs = (await svc.q('select id from auth.flow_state where id = $1 and auth_code_issued_at is null', [state.flow_state_id]))[0];
      if (!fs) return fail('invalid_request', 'Flow state not found or already used', 'flow_state_not_found');
      const authCode = await svc.issueAuthCode(String(fs.id), user.id, { access: providerTokens.access_token ?? null, refresh: providerTokens.refresh_token ?? null });
      return redirect(withQuery(target, { code: authCode }), 302);
    }
    if (state.link_user_id) return redirect(target, 302);
    const s = await svc.issueSession(user, 'oauth', req);
    return redirect(
      withFragment(target, {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        provider_token: providerTokens.access_token ?? '',
        ...(providerTokens.refresh_token ? { provider_refresh_token: providerTokens.refresh_token } : {}),
        refresh_token: s.refresh_token,
        token_type: 'bearer',
      }),
      302,
    );
  }

  // ---------------------------------------------------------------- admin

  async function adminUserRow(id: string): Promise<Row> {
    const u = await svc.userById(id);
    if (!u) throw notFound('user_not_found', 'User not found');
    return u;
  }

  async function adminApplyUpdate(u: Row, body: Row): Promise<Row> {
    const userMeta = parseMetadata(body.user_metadata, 'user_metadata');
    const appMeta = parseMetadata(body.app_metadata, 'app_metadata');
    const role = optString(body, 'role', 64);
    if (body.password !== undefined && body.password !== null) {
      const pw = checkNewPassword(body.password);
      await svc.q('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [u.id, await hashPassword(pw, settings.bcryptCost)]);
    }
    if (body.email !== undefined && body.email !== null && body.email !== '') {
      const email = parseEmail(body.email, 'email');
      if (email !== String(u.email ?? '').toLowerCase()) {
        const taken = await svc.userByEmail(email);
        if (taken) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        await svc.q('update auth.users set email_change = $2 where id = $1', [u.id, email]);
        await applyVerification({ user: (await svc.userById(u.id))!, type: 'email_change_token_new', relatesTo: email });
      }
    }
    if (body.email_confirm === true) await confirmEmail((await svc.userById(u.id))!);
    if (userMeta) {
      await svc.q(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [
        u.id,
        JSON.stringify(userMeta),
      ]);
    }
    if (appMeta) {
      await svc.q(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [
        u.id,
        JSON.stringify(appMeta),
      ]);
    }
    if (role) await svc.q('update auth.users set role = $2, updated_at = now() where id = $1', [u.id, role]);
    if (body.ban_duration !== undefined && body.ban_duration !== null) {
      if (typeof body.ban_duration !== 'string') throw badRequest('validation_failed', 'ban_duration must be a string');
      const ms = parseDuration(body.ban_duration);
      await svc.q('update auth.users set banned_until = $2, updated_at = now() where id = $1', [u.id, ms === null ? null : new Date(Date.now() + ms)]);
      if (ms !== null) await svc.q('delete from auth.sessions where user_id = $1', [u.id]);
    }
    return (await svc.userById(u.id))!;
  }

  async function adminCreateUser(req: Request): Promise<Response> {
    await svc.requireAdmin(req);
    const body = await readBody(req);
    if (body.phone && !body.email) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = parseEmail(body.email, 'Unable to validate email address: invalid format');
    const password = body.password === undefined || body.password === null ? null : checkNewPassword(body.password);
    const userMeta = parseMetadata(body.user_metadata, 'user_metadata');
    const appMeta = parseMetadata(body.app_metadata, 'app_metadata');
    if (body.ban_duration !== undefined && typeof body.ban_duration === 'string') parseDuration(body.ban_duration);
    if (await svc.userByEmail(email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    let id: string | undefined;
    if (body.id !== undefined) {
      if (typeof body.id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body.id)) {
        throw badRequest('validation_failed', 'id must be a UUID');
      }
      id = body.id.toLowerCase();
    }
    let u = await svc.createUser({
      id,
      email,
      passwordHash: password ? await hashPassword(password, settings.bcryptCost) : null,
      userMetadata: userMeta,
      appMetadata: appMeta,
      confirmed: body.email_confirm === true,
      provider: 'email',
      role: optString(body, 'role', 64),
    });
    if (body.ban_duration) u = await adminApplyUpdate(u, { ban_duration: body.ban_duration });
    await svc.audit('user_signedup', u, { provider: 'email', admin: true });
    return jsonResponse(await svc.userJson(u));
  }

  async function adminListUsers(req: Request, url: URL): Promise<Response> {
    await svc.requireAdmin(req);
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') || '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('per_page') || '50', 10) || 50));
    const total = Number((await svc.q('select count(*)::int as n from auth.users where deleted_at is null'))[0]?.n ?? 0);
    const rows = await svc.q('select * from auth.users where deleted_at is null order by created_at, id limit $1 offset $2', [perPage, (page - 1) * perPage]);
    const users = await Promise.all(rows.map((u) => svc.userJson(u)));
    const last = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
    return jsonResponse({ users, aud: 'authenticated' }, 200, { 'X-Total-Count': String(total), Link: links.join(', ') });
  }

  async function adminUser(req: Request, id: string): Promise<Response> {
    await svc.requireAdmin(req);
    if (req.method === 'GET') return jsonResponse(await svc.userJson(await adminUserRow(id)));
    if (req.method === 'PUT') {
      const body = await readBody(req);
      const u = await adminUserRow(id);
      const out = await adminApplyUpdate(u, body);
      await svc.audit('user_modified', out, { admin: true });
      return jsonResponse(await svc.userJson(out));
    }
    if (req.method === 'DELETE') {
      const body = await readBody(req);
      const u = await adminUserRow(id);
      if (body.should_soft_delete === true) {
        await svc.q(
          `update auth.users set deleted_at = now(), email = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [u.id],
        );
        await svc.q('delete from auth.sessions where user_id = $1', [u.id]);
        await svc.q('delete from auth.identities where user_id = $1', [u.id]);
      } else {
        await svc.q('delete from auth.users where id = $1', [u.id]);
      }
      await svc.audit('user_deleted', u, { admin: true });
      return jsonResponse({});
    }
    throw new AuthHttpError(405, 'method_not_allowed', 'Method not allowed');
  }

  async function adminFactors(req: Request, userId: string, factorId?: string): Promise<Response> {
    await svc.requireAdmin(req);
    const u = await adminUserRow(userId);
    if (!factorId) return jsonResponse((await svc.factors(u.id)).map((f) => svc.factorJson(f)));
    if (req.method !== 'DELETE') throw new AuthHttpError(405, 'method_not_allowed', 'Method not allowed');
    const f = await ownFactor(u.id, factorId);
    await svc.q('delete from auth.mfa_factors where id = $1', [f.id]);
    await svc.q(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [f.id]);
    return jsonResponse(svc.factorJson(f));
  }

  async function invite(req: Request, url: URL): Promise<Response> {
    await svc.requireAdmin(req);
    const body = await readBody(req);
    const email = parseEmail(body.email, 'An email address is required');
    const data = parseMetadata(body.data);
    let u = await svc.userByEmail(email);
    if (u?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    mailLimit('invite', email);
    if (!u) u = await svc.createUser({ email, passwordHash: null, userMetadata: data, confirmed: false, provider: 'email', invited: true });
    const target = redirectTo(url.searchParams.get('redirect_to') ?? optString(body, 'redirect_to', 2048));
    await sendLinkMail(u, 'invite', 'invite', 'confirmation_token', email, target, null);
    return jsonResponse(await svc.userJson((await svc.userById(u.id))!));
  }

  async function generateLink(req: Request, url: URL): Promise<Response> {
    await svc.requireAdmin(req);
    const body = await readBody(req);
    const type = optString(body, 'type', 32);
    const email = parseEmail(body.email, 'An email address is required');
    const target = redirectTo(optString(body, 'redirect_to', 2048) ?? url.searchParams.get('redirect_to'));
    const data = parseMetadata(body.data);
    let u = await svc.userByEmail(email);
    let linkType: LinkType;
    let tokenType: TokenType;
    let address = email;
    switch (type) {
      case 'signup': {
        const pw = checkNewPassword(body.password);
        if (u?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        if (!u) u = await svc.createUser({ email, passwordHash: await hashPassword(pw, settings.bcryptCost), userMetadata: data, confirmed: false, provider: 'email' });
        linkType = 'signup';
        tokenType = 'confirmation_token';
        break;
      }
      case 'invite':
        if (u?.email_confirmed_at) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        if (!u) u = await svc.createUser({ email, passwordHash: null, userMetadata: data, confirmed: false, provider: 'email', invited: true });
        linkType = 'invite';
        tokenType = 'confirmation_token';
        break;
      case 'magiclink':
      case 'recovery':
        if (!u) throw notFound('user_not_found', 'User with this email not found');
        linkType = type;
        tokenType = 'recovery_token';
        break;
      case 'email_change_new':
      case 'email_change_current': {
        if (!u) throw notFound('user_not_found', 'User with this email not found');
        address = parseEmail(body.new_email, 'new_email is required');
        if (await svc.userByEmail(address)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
        await svc.q('update auth.users set email_change = $2 where id = $1', [u.id, address]);
        linkType = 'email_change';
        tokenType = 'email_change_token_new';
        break;
      }
      default:
        throw badRequest('validation_failed', 'Invalid email action link type requested');
    }
    const { otp: code, linkToken } = await svc.createOneTimeToken(u, tokenType, address, false);
    const action = `${issuer}/verify?${new URLSearchParams({ token: linkToken, type: linkType, redirect_to: target }).toString()}`;
    const fresh = (await svc.userById(u.id))!;
    return jsonResponse({
      action_link: action,
      email_otp: code,
      hashed_token: linkToken,
      redirect_to: target,
      verification_type: linkType,
      ...(await svc.userJson(fresh)),
    });
  }

  // ---------------------------------------------------------------- misc

  function settingsJson(): Row {
    return {
      external: {
        anonymous_users: false,
        email: true,
        phone: false,
        ...Object.fromEntries(['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin_oidc', 'notion', 'slack_oidc', 'spotify', 'twitch', 'twitter', 'workos', 'zoom'].map((n) => [n, !!providers[n]])),
        ...Object.fromEntries(Object.keys(providers).map((n) => [n, true])),
      },
      disable_signup: settings.disableSignup,
      mailer_autoconfirm: settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  async function route(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/';
    const m = req.method.toUpperCase();
    if (m === 'OPTIONS') return new Response(null, { status: 204, headers: { [API_VERSION_HEADER]: API_VERSION } });
    switch (`${m} ${path}`) {
      case 'POST /signup':
        return signup(req, url);
      case 'POST /token':
        return token(req, url);
      case 'POST /recover':
        return recover(req, url);
      case 'POST /otp':
      case 'POST /magiclink':
        return otp(req, url);
      case 'POST /resend':
        return resend(req, url);
      case 'POST /verify':
        return verifyPost(req);
      case 'GET /verify':
        return verifyGet(req, url);
      case 'GET /user':
        return getUser(req);
      case 'PUT /user':
        return putUser(req, url);
      case 'GET /reauthenticate':
        return reauthenticate(req);
      case 'POST /logout':
        return logout(req, url);
      case 'GET /authorize':
        return authorize(req, url);
      case 'GET /callback':
      case 'POST /callback':
        return callback(req, url);
      case 'GET /user/identities/authorize':
        return linkIdentity(req, url);
      case 'POST /factors':
        return enrollFactor(req);
      case 'POST /invite':
        return invite(req, url);
      case 'POST /admin/generate_link':
        return generateLink(req, url);
      case 'GET /admin/users':
        return adminListUsers(req, url);
      case 'POST /admin/users':
        return adminCreateUser(req);
      case 'GET /settings':
        return jsonResponse(settingsJson());
      case 'GET /health':
        return jsonResponse({ version: 'local', name: 'GoTrue', description: 'Pentland Cloud local Auth (GoTrue-compatible)' });
      case 'GET /.well-known/jwks.json':
        // HS256 keys are symmetric and never published; clients fall back to GET /user (as with hosted legacy secrets).
        return jsonResponse({ keys: [] }, 200, { 'Cache-Control': 'public, max-age=600' });
    }
    let mm: RegExpExecArray | null;
    if ((mm = /^\/factors\/([^/]+)\/challenge$/.exec(path)) && m === 'POST') return challengeFactor(req, decodeURIComponent(mm[1]!));
    if ((mm = /^\/factors\/([^/]+)\/verify$/.exec(path)) && m === 'POST') return verifyFactor(req, decodeURIComponent(mm[1]!));
    if ((mm = /^\/factors\/([^/]+)$/.exec(path)) && m === 'DELETE') return unenrollFactor(req, decodeURIComponent(mm[1]!));
    if ((mm = /^\/user\/identities\/([^/]+)$/.exec(path)) && m === 'DELETE') return unlinkIdentity(req, decodeURIComponent(mm[1]!));
    if ((mm = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path))) return adminFactors(req, decodeURIComponent(mm[1]!), mm[2] ? decodeURIComponent(mm[2]) : undefined);
    if ((mm = /^\/admin\/users\/([^/]+)$/.exec(path))) return adminUser(req, decodeURIComponent(mm[1]!));
    throw notFound('not_found', 'Not Found');
  }

  async function handle(req: Request): Promise<Response> {
    try {
      return await route(req);
    } catch (e) {
      if (e instanceof AuthHttpError) return errorResponse(req, e);
      if ((e as { code?: string }).code === '23505') {
        return errorResponse(req, unprocessable('email_exists', 'A user with this email address has already been registered'));
      }
      console.error('[auth] unexpected failure', e);
      return errorResponse(req, new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
    }
  }

  return {
    handle,
    nodeMounts,
    mailCatcher: catcher,
    settings,
    mailUrl: `${publicUrl}${mailBase}`,
    async close() {
      mailer.close();
    },
  };
}

/** Serve a Web-standard handler from a node request (for the node mounts). */
async function nodeToWeb(req: IncomingMessage, res: ServerResponse, handler: (r: Request) => Promise<Response>): Promise<void> {
  try {
    const host = req.headers.host ?? '127.0.0.1';
    const url = `http://${host}${req.url ?? '/'}`;
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      body = Buffer.concat(chunks);
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const response = await handler(new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined }));
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => (out[k] = v));
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (e) {
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(e instanceof Error ? e.message : 'error');
  }
}

void DEMO_ACCOUNTS;
