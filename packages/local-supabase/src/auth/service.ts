/**
 * Users, identities, sessions, refresh tokens, one-time tokens and flow state in the auth schema,
 * with GoTrue's JSON shapes. Every query runs as the database owner.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AuthHttpError, badRequest, forbidden, unauthorized } from './errors.js';
import { constantTimeEqual, randomOtp, randomToken, sha256Hex } from './crypto.js';
import type { AuthSettings } from './settings.js';

export interface AuthSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

const TOKEN_COLUMNS: Record<TokenType, [string, string]> = {
  confirmation_token: ['confirmation_token', 'confirmation_sent_at'],
  recovery_token: ['recovery_token', 'recovery_sent_at'],
  email_change_token_new: ['email_change_token_new', 'email_change_sent_at'],
  email_change_token_current: ['email_change_token_current', 'email_change_sent_at'],
  reauthentication_token: ['reauthentication_token', 'reauthentication_sent_at'],
};

export interface Amr {
  method: string;
  timestamp: number;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Row;
  provider_token?: string | null;
  provider_refresh_token?: string | null;
}

export interface Claims {
  iss?: string;
  sub: string;
  aud?: string | string[];
  role?: string;
  email?: string;
  phone?: string;
  exp?: number;
  iat?: number;
  session_id?: string;
  aal?: string;
  amr?: Amr[];
  app_metadata?: Row;
  user_metadata?: Row;
  is_anonymous?: boolean;
}

function iso(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function epoch(v: unknown): number {
  const d = v instanceof Date ? v : new Date(String(v));
  return Math.floor(d.getTime() / 1000);
}

function obj(v: unknown): Row {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  if (typeof v === 'string') {
    try {
      const p = JSON.parse(v) as unknown;
      if (p && typeof p === 'object' && !Array.isArray(p)) return p as Row;
    } catch {
      /* not JSON */
    }
  }
  return {};
}

export class AuthService {
  readonly issuer: string;
  private readonly key: Uint8Array;

  constructor(
    readonly db: AuthSql,
    readonly settings: AuthSettings,
    readonly publicUrl: string,
  ) {
    this.issuer = `${publicUrl}/auth/v1`;
    this.key = new TextEncoder().encode(settings.jwtSecret);
  }

  async q<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query<T>(text, params)).rows;
  }

  // ---------------------------------------------------------------- users

  async userById(id: string): Promise<Row | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return (await this.q('select * from auth.users where id = $1 and deleted_at is null', [id]))[0] ?? null;
  }

  async userByEmail(email: string): Promise<Row | null> {
    return (
      (await this.q('select * from auth.users where lower(email) = lower($1) and deleted_at is null and is_sso_user = false limit 1', [email]))[0] ??
      null
    );
  }

  async createUser(input: {
    email: string;
    passwordHash: string | null;
    userMetadata?: Row;
    appMetadata?: Row;
    confirmed: boolean;
    provider: string;
    providerId?: string;
    identityData?: Row;
    role?: string;
    invited?: boolean;
    id?: string;
  }): Promise<Row> {
    const id = input.id ?? randomUUID();
    const email = input.email.toLowerCase();
    const providerId = input.providerId ?? id;
    const identityData: Row = input.identityData ?? {
      sub: id,
      email,
      email_verified: input.confirmed,
      phone_verified: false,
    };
    const userMeta: Row = {
      ...(input.provider === 'email' ? { sub: id, email, email_verified: input.confirmed, phone_verified: false } : identityData),
      ...(input.userMetadata ?? {}),
    };
    const appMeta: Row = { provider: input.provider, providers: [input.provider], ...(input.appMetadata ?? {}) };
    const rows = await this.q(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_sso_user, is_anonymous)
       values ($1, $2, 'authenticated', $3, $4, $5, case when $6::boolean then now() else null end,
         case when $9::boolean then now() else null end, $7::jsonb, $8::jsonb, false, now(), now(), false, false)
       returning *`,
      [INSTANCE_ID, id, input.role ?? 'authenticated', email, input.passwordHash ?? '', input.confirmed, JSON.stringify(appMeta), JSON.stringify(userMeta), !!input.invited],
    );
    await this.q(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
      [providerId, id, JSON.stringify({ ...identityData, sub: identityData.sub ?? providerId }), input.provider],
    );
    return rows[0]!;
  }

  async identities(userId: string): Promise<Row[]> {
    return this.q('select * from auth.identities where user_id = $1 order by created_at, id', [userId]);
  }

  async factors(userId: string): Promise<Row[]> {
    return this.q('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  }

  identityJson(i: Row): Row {
    return {
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: obj(i.identity_data),
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    };
  }

  factorJson(f: Row): Row {
    return {
      id: f.id,
      friendly_name: f.friendly_name ?? '',
      factor_type: f.factor_type,
      status: f.status,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      ...(f.last_challenged_at ? { last_challenged_at: iso(f.last_challenged_at) } : {}),
    };
  }

  /** The user as GoTrue answers it. */
  async userJson(u: Row): Promise<Row> {
    // One round trip for both lists (this runs on every session answer).
    const lists = (
      await this.q<{ identities: Row[] | string; factors: Row[] | string }>(
        `select coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = $1), '[]'::json) as identities,
                coalesce((select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = $1), '[]'::json) as factors`,
        [u.id],
      )
    )[0];
    const asList = (v: Row[] | string | undefined): Row[] => (typeof v === 'string' ? (JSON.parse(v) as Row[]) : (v ?? []));
    const identities = asList(lists?.identities);
    const factors = asList(lists?.factors);
    const out: Row = {
      id: u.id,
      aud: u.aud ?? 'authenticated',
      role: u.role ?? 'authenticated',
      email: u.email ?? '',
      email_confirmed_at: iso(u.email_confirmed_at),
      phone: u.phone ?? '',
      phone_confirmed_at: iso(u.phone_confirmed_at),
      confirmation_sent_at: iso(u.confirmation_sent_at),
      confirmed_at: iso(u.email_confirmed_at ?? u.phone_confirmed_at),
      recovery_sent_at: iso(u.recovery_sent_at),
      email_change_sent_at: iso(u.email_change_sent_at),
      new_email: u.email_change ? u.email_change : undefined,
      invited_at: iso(u.invited_at),
      last_sign_in_at: iso(u.last_sign_in_at),
      app_metadata: obj(u.raw_app_meta_data),
      user_metadata: obj(u.raw_user_meta_data),
      identities: identities.map((i) => this.identityJson(i)),
      created_at: iso(u.created_at),
      updated_at: iso(u.updated_at),
      banned_until: iso(u.banned_until),
      is_anonymous: !!u.is_anonymous,
    };
    if (factors.length) out.factors = factors.map((f) => this.factorJson(f));
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    return out;
  }

  /** app_metadata.provider/providers follow the identities. */
  async syncProviders(userId: string): Promise<void> {
    await this.q(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
         || jsonb_build_object('providers', coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = $1), '[]'::jsonb))
         || case when raw_app_meta_data ? 'provider' then '{}'::jsonb
                 else jsonb_build_object('provider', (select provider from auth.identities where user_id = $1 order by created_at limit 1)) end,
         updated_at = now()
       where id = $1`,
      [userId],
    );
  }

  isBanned(u: Row): boolean {
    return !!u.banned_until && new Date(u.banned_until).getTime() > Date.now();
  }

  // ---------------------------------------------------------------- JWT

  async signAccessToken(u: Row, sessionId: string, aal: string, amr: Amr[]): Promise<{ token: string; exp: number; iat: number }> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + this.settings.jwtExpiry;
    const claims: Claims = {
      iss: this.issuer,
      sub: u.id,
      aud: u.aud ?? 'authenticated',
      exp,
      iat,
      email: u.email ?? '',
      phone: u.phone ?? '',
      app_metadata: obj(u.raw_app_meta_data),
      user_metadata: obj(u.raw_user_meta_data),
      role: u.role ?? 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: !!u.is_anonymous,
    };
    const token = await new SignJWT(claims as unknown as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(this.key);
    return { token, exp, iat };
  }

  async verifyToken(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' && payload.role !== 'service_role' && payload.role !== 'anon') {
        throw new Error('missing sub claim');
      }
      return payload as unknown as Claims;
    } catch (e) {
      const reason =
        e instanceof joseErrors.JWTExpired
          ? 'token has invalid claims: token is expired'
          : e instanceof Error
            ? e.message
            : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }

  bearer(req: Request): string | null {
    const h = req.headers.get('authorization') ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    return m ? m[1]!.trim() : null;
  }

  /** The signed-in user and session of the request (GoTrue's requireAuthentication). */
  async requireUser(req: Request): Promise<{ user: Row; session: Row; claims: Claims }> {
    const token = this.bearer(req);
    if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    const claims = await this.verifyToken(token);
    if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    const user = await this.userById(claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    if (!claims.session_id) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    const session = (await this.q('select * from auth.sessions where id = $1 and user_id = $2', [claims.session_id, user.id]))[0];
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, session, claims };
  }

  async requireAdmin(req: Request): Promise<Claims> {
    const token = this.bearer(req);
    if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
    const claims = await this.verifyToken(token);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
    return claims;
  }

  // ---------------------------------------------------------------- sessions

  async amrFor(sessionId: string): Promise<Amr[]> {
    const rows = await this.q('select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc', [
      sessionId,
    ]);
    return rows.map((r) => ({ method: String(r.authentication_method), timestamp: epoch(r.created_at) }));
  }

  /**
   * The token that follows `parentHash` in a session's chain. Derived (HMAC with the JWT secret) rather than random so
   * that, within the reuse interval, the parent can be answered with the very same active token as GoTrue does, while
   * only its hash is stored. A session's first token is random.
   */
  private childRefreshToken(sessionId: string, parentHash: string): string {
    return createHmac('sha256', this.key).update(`refresh-token:${sessionId}:${parentHash}`).digest('base64url').slice(0, 32);
  }

  private async newRefreshToken(userId: string, sessionId: string, parentHash: string | null): Promise<string> {
    const token = parentHash ? this.childRefreshToken(sessionId, parentHash) : randomToken(24);
    await this.q(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, $3, false, now(), now(), $4, $5)`,
      [INSTANCE_ID, sha256Hex(token), userId, parentHash, sessionId],
    );
    return token;
  }

  private async sessionJson(u: Row, sessionId: string, aal: string, refreshToken: string, extra: Row = {}): Promise<SessionJson> {
    const amr = await this.amrFor(sessionId);
    const at = await this.signAccessToken(u, sessionId, aal, amr);
    return {
      access_token: at.token,
      token_type: 'bearer',
      expires_in: this.settings.jwtExpiry,
      expires_at: at.exp,
      refresh_token: refreshToken,
      user: await this.userJson(u),
      ...extra,
    };
  }

  /** A new session for a user who just signed in with `method` (password, otp, oauth, ...). */
  async issueSession(u: Row, method: string, req: Request | null, extra: Row = {}): Promise<SessionJson> {
    const sessionId = randomUUID();
    await this.q(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent) values ($1, $2, now(), now(), 'aal1', $3)`,
      [sessionId, u.id, req?.headers.get('user-agent')?.slice(0, 512) ?? null],
    );
    await this.q(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)`,
      [sessionId, method],
    );
    const fresh = (await this.q('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *', [u.id]))[0] ?? u;
    const refresh = await this.newRefreshToken(u.id, sessionId, null);
    await this.audit('login', fresh, { provider: method });
    return this.sessionJson(fresh, sessionId, 'aal1', refresh, extra);
  }

  /** Re-issue tokens for an existing session (after MFA verification). */
  async reissue(u: Row, sessionId: string): Promise<SessionJson> {
    const s = (await this.q('select aal from auth.sessions where id = $1', [sessionId]))[0];
    await this.q('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [sessionId]);
    const refresh = await this.newRefreshToken(u.id, sessionId, null);
    return this.sessionJson(u, sessionId, String(s?.aal ?? 'aal1'), refresh);
  }

  /** Refresh-token grant: rotation with reuse detection. */
  async refresh(token: string): Promise<SessionJson> {
    if (!token || token.length > 255) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const hash = sha256Hex(token);
    const owner = (await this.q<Row>('select session_id from auth.refresh_tokens where token = $1', [hash]))[0];
    if (!owner) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    // Revoking the token and inserting its successor in one statement, so a concurrent request for the same token
    // always finds the successor (the reuse interval answers it) and never a gap that would look like theft.
    const child = this.childRefreshToken(String(owner.session_id), hash);
    const used = (
      await this.q<Row>(
        `with used as (
           update auth.refresh_tokens set revoked = true, updated_at = now()
           where token = $1 and revoked = false returning id, user_id, session_id, token
         ), next as (
           insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
           select $2, $3, used.user_id, false, now(), now(), used.token, used.session_id from used returning id
         )
         select used.* from used`,
        [hash, INSTANCE_ID, sha256Hex(child)],
      )
    )[0];
    if (!used) {
      const prior = (
        await this.q(
          `select t.session_id, t.user_id, extract(epoch from (now() - t.updated_at)) as age,
             (select count(*) from auth.refresh_tokens c where c.parent = t.token and c.revoked = false)::int as live_children,
             (select count(*) from auth.refresh_tokens c where c.parent = t.token and c.revoked = true)::int as used_children
           from auth.refresh_tokens t where t.token = $1`,
          [hash],
        )
      )[0];
      if (
        prior &&
        this.settings.refreshTokenReuseInterval > 0 &&
        Number(prior.age) < this.settings.refreshTokenReuseInterval &&
        Number(prior.live_children) > 0 &&
        Number(prior.used_children) === 0
      ) {
        // A concurrent refresh (another tab) within the reuse interval, while the chain has not moved on (the
        // token is the parent of the session's active token): answer with that same active token, as GoTrue does.
        // No second live token is ever made, so a later reuse of either still revokes the family.
        const session = (await this.q('select * from auth.sessions where id = $1', [prior.session_id]))[0];
        const u = session ? await this.userById(String(prior.user_id)) : null;
        const expired = session?.not_after && new Date(session.not_after).getTime() < Date.now();
        if (session && u && !expired && !this.isBanned(u)) {
          const active = this.childRefreshToken(String(session.id), hash);
          const live = (
            await this.q('select 1 from auth.refresh_tokens where token = $1 and parent = $2 and revoked = false', [sha256Hex(active), hash])
          )[0];
          if (live) return this.sessionJson(u, session.id, String(session.aal ?? 'aal1'), active);
        }
      }
      if (prior) {
        // A rotated token came back: treat the whole family (the session) as stolen.
        if (prior.session_id) await this.q('delete from auth.sessions where id = $1', [prior.session_id]);
        await this.audit('token_revoked', null, { reason: 'refresh_token_reuse', session_id: prior.session_id });
        throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    if (!constantTimeEqual(String(used.token), hash)) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const session = (
      await this.q('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1 returning *', [used.session_id])
    )[0];
    if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: Session not found');
    if (session.not_after && new Date(session.not_after).getTime() < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const u = await this.userById(String(used.user_id));
    if (!u) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (this.isBanned(u)) throw badRequest('user_banned', 'User is banned');
    return this.sessionJson(u, session.id, String(session.aal ?? 'aal1'), child);
  }

  // ---------------------------------------------------------------- one-time tokens

  /**
   * A one-time token for an e-mail. The code is 6 digits; the link carries
   * sha256(email + code) (GoTrue's token hash, prefixed `pkce_` for PKCE flows);
   * the database keeps only sha256 of the link value.
   */
  async createOneTimeToken(u: Row, type: TokenType, address: string, pkce: boolean): Promise<{ otp: string; linkToken: string }> {
    const code = randomOtp();
    const tokenHash = sha256Hex(address.toLowerCase() + code);
    const linkToken = pkce ? `pkce_${tokenHash}` : tokenHash;
    const stored = sha256Hex(linkToken);
    await this.q(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
         created_at = now(), updated_at = now()`,
      [randomUUID(), u.id, type, stored, address.toLowerCase()],
    );
    const [col, sentCol] = TOKEN_COLUMNS[type];
    await this.q(`update auth.users set ${col} = $2, ${sentCol} = now(), updated_at = now() where id = $1`, [u.id, stored]);
    return { otp: code, linkToken };
  }

  /** Consume a token (single use, expiring). Returns the user and whether it was a PKCE link. */
  async consumeOneTimeToken(
    types: TokenType[],
    candidates: string[],
  ): Promise<{ user: Row; type: TokenType; pkce: boolean; relatesTo: string } | null> {
    const hashes = candidates.map((c) => sha256Hex(c));
    const rows = await this.q(
      `delete from auth.one_time_tokens
       where token_hash = any($1::text[]) and token_type::text = any($2::text[])
         and created_at > (now() - make_interval(secs => $3))::timestamp
       returning user_id, token_type::text as token_type, token_hash, relates_to`,
      [hashes, types, this.settings.otpExpiry],
    );
    const row = rows[0];
    if (!row) return null;
    const [col] = TOKEN_COLUMNS[row.token_type as TokenType];
    await this.q(`update auth.users set ${col} = '' where id = $1`, [row.user_id]);
    const user = await this.userById(String(row.user_id));
    if (!user) return null;
    const idx = hashes.indexOf(String(row.token_hash));
    return { user, type: row.token_type as TokenType, pkce: (candidates[idx] ?? '').startsWith('pkce_'), relatesTo: String(row.relates_to) };
  }

  // ---------------------------------------------------------------- PKCE flow state

  async createFlowState(input: {
    userId: string | null;
    challenge: string;
    method: string;
    providerType: string;
    authenticationMethod: string;
  }): Promise<string> {
    const id = randomUUID();
    await this.q(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
      [id, input.userId, sha256Hex(randomToken(24)), input.method, input.challenge, input.providerType, input.authenticationMethod],
    );
    return id;
  }

  /** Hand out a fresh authorization code for a flow state (the code is only kept hashed). */
  async issueAuthCode(flowStateId: string, userId: string, providerTokens?: { access?: string | null; refresh?: string | null }): Promise<string> {
    const code = randomUUID();
    await this.q(
      `update auth.flow_state set auth_code = $2, auth_code_issued_at = now(), user_id = $3, updated_at = now(),
         provider_access_token = $4, provider_refresh_token = $5 where id = $1`,
      [flowStateId, sha256Hex(code), userId, providerTokens?.access ?? null, providerTokens?.refresh ?? null],
    );
    return code;
  }

  async latestFlowState(userId: string, authenticationMethod: string): Promise<Row | null> {
    return (
      (
        await this.q(
          `select * from auth.flow_state where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
           order by created_at desc limit 1`,
          [userId, authenticationMethod],
        )
      )[0] ?? null
    );
  }

  /** Take (single use) the flow state for an authorization code. */
  async takeFlowState(code: string): Promise<Row | null> {
    return (await this.q('delete from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null returning *', [sha256Hex(code)]))[0] ?? null;
  }

  // ---------------------------------------------------------------- audit

  async audit(action: string, actor: Row | null, traits: Row = {}): Promise<void> {
    const payload = {
      action,
      actor_id: actor?.id ?? '00000000-0000-0000-0000-000000000000',
      actor_username: actor?.email ?? '',
      actor_via_sso: false,
      log_type: action === 'login' || action === 'logout' ? 'account' : action.startsWith('user_') ? 'user' : 'token',
      traits,
    };
    try {
      await this.q(`insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values ($1, $2, $3::json, now(), '')`, [
        INSTANCE_ID,
        randomUUID(),
        JSON.stringify(payload),
      ]);
    } catch {
      /* the audit log never blocks a request */
    }
  }
}

export function isAuthHttpError(e: unknown): e is AuthHttpError {
  return e instanceof AuthHttpError;
}
