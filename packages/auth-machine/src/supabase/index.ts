import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthChangeEvent, AuthService, AuthSession, AuthUser, SubscriptionStatus } from '../types.ts';
import type { MfaFactor, MfaService } from '../machines/mfa.ts';
import type { PasswordChangeService } from '../machines/passwordChange.ts';
import { normalizeStatus } from '../status.ts';
import { qrCodeImageUrl } from '../assurance.ts';

export interface SupabaseAuthServiceOptions {
  /** The site origin used in redirect URLs (defaults to `window.location.origin`). */
  origin?: string | (() => string);
  /** Where the sign-up confirmation link leads (defaults to `${origin}/auth/callback`). */
  emailRedirectPath?: string;
}

const resolveOrigin = (origin: SupabaseAuthServiceOptions['origin']): string => {
  if (typeof origin === 'function') return origin();
  if (typeof origin === 'string') return origin;
  if (typeof window !== 'undefined') return window.location.origin;
  throw new Error('auth-machine/supabase: pass `origin` when there is no window');
};

const asError = (error: { message: string } | null | undefined) =>
  error ? { message: error.message } : null;

/**
 * The `AuthService` over a Supabase client. Errors reported by Supabase are returned as
 * `{ error }`; `isAdmin` and `subscriptionStatus` throw so the machines fall back.
 */
export function createSupabaseAuthService(
  client: SupabaseClient,
  options: SupabaseAuthServiceOptions = {},
): AuthService {
  const origin = () => resolveOrigin(options.origin);
  return {
    async signIn({ email, password }) {
      const { error } = await client.auth.signInWithPassword({ email, password });
      return { error: asError(error) };
    },
    async signUp({ email, password, fullName }) {
      const { error } = await client.auth.signUp({
        email,
        password,
        options: {
          data: { full_name: fullName },
          emailRedirectTo: `${origin()}${options.emailRedirectPath ?? '/auth/callback'}`,
        },
      });
      return { error: asError(error) };
    },
    async resetPassword({ email }) {
      const { error } = await client.auth.resetPasswordForEmail(email, {
        redirectTo: `${origin()}/auth/reset-password`,
      });
      return { error: asError(error) };
    },
    async updatePassword({ password }) {
      const { error } = await client.auth.updateUser({ password });
      return { error: asError(error) };
    },
    async signInWithProvider({ provider }) {
      const { error } = await client.auth.signInWithOAuth({
        provider: provider as Parameters<SupabaseClient['auth']['signInWithOAuth']>[0]['provider'],
        options: {
          redirectTo: `${origin()}/auth/callback`,
          queryParams: { access_type: 'offline', prompt: 'consent' },
        },
      });
      return { error: asError(error) };
    },
    async signOut() {
      const { error } = await client.auth.signOut();
      return { error: asError(error) };
    },
    async getSession() {
      const { data, error } = await client.auth.getSession();
      return { session: (data?.session as AuthSession | null) ?? null, error: asError(error) };
    },
    async completeCallback({ code }) {
      // With detectSessionInUrl the client may already have exchanged the code; exchanging a
      // second time would fail, so an existing session wins.
      const existing = await client.auth.getSession();
      if (existing.data?.session) return { session: existing.data.session as AuthSession, error: null };
      const { data, error } = await client.auth.exchangeCodeForSession(code);
      if (error) {
        // A concurrent automatic exchange may have won the race: look once more.
        const again = await client.auth.getSession();
        if (again.data?.session) return { session: again.data.session as AuthSession, error: null };
        return { session: null, error: asError(error) };
      }
      return { session: (data?.session as AuthSession | null) ?? null, error: null };
    },
    async getUser() {
      const { data, error } = await client.auth.getUser();
      return { user: (data?.user as AuthUser | null) ?? null, error: asError(error) };
    },
    async isAdmin() {
      const { data, error } = await client.rpc('is_admin');
      if (error) throw new Error(error.message);
      return data === true;
    },
    async subscriptionStatus(): Promise<SubscriptionStatus> {
      const { data, error } = await client.rpc('user_subscription_status');
      if (error) throw new Error(error.message);
      return normalizeStatus(Array.isArray(data) ? data[0] : data);
    },
    onAuthStateChange(listener) {
      const { data } = client.auth.onAuthStateChange((event, session) => {
        if (isKnownEvent(event)) listener(event, session as AuthSession | null);
      });
      return () => data.subscription.unsubscribe();
    },
  };
}

const knownEvents: ReadonlySet<string> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
]);
const isKnownEvent = (event: string): event is AuthChangeEvent => knownEvents.has(event);

const asFactor = (f: {
  id: string;
  friendly_name?: string | null;
  factor_type: string;
  status: string;
  created_at?: string;
}): MfaFactor => ({
  id: f.id,
  friendlyName: f.friendly_name ?? null,
  factorType: f.factor_type,
  status: f.status,
  createdAt: f.created_at ?? null,
});

/**
 * The `MfaService` over a Supabase client's `auth.mfa` (TOTP). The assurance reads the factors the session holds (no
 * request: right after a sign-in they are current); `freshFactors` asks Auth instead, for a session that may predate
 * a factor enrolled elsewhere (the profile's step-up).
 */
export function createSupabaseMfaService(
  client: SupabaseClient,
  options: { freshFactors?: boolean } = {},
): MfaService {
  return {
    async assurance() {
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      if (level.error) return { assurance: null, error: asError(level.error) };
      let factors: Array<{ id: string; factor_type: string; status: string }>;
      if (options.freshFactors) {
        const listed = await client.auth.mfa.listFactors();
        if (listed.error) return { assurance: null, error: asError(listed.error) };
        factors = listed.data.all;
      } else factors = (await client.auth.getSession()).data.session?.user.factors ?? [];
      const verified = factors.find((f) => f.factor_type === 'totp' && f.status === 'verified');
      return {
        assurance: {
          current: level.data.currentLevel,
          next: verified ? 'aal2' : level.data.nextLevel,
          factorId: verified?.id ?? null,
        },
        error: null,
      };
    },
    async listFactors() {
      const { data, error } = await client.auth.mfa.listFactors();
      if (error) return { factors: [], error: asError(error) };
      return { factors: data.all.map(asFactor), error: null };
    },
    async enrolTotp({ friendlyName }) {
      // A factor left unverified by an earlier, abandoned enrolment would clash with the name: remove it first.
      const existing = await client.auth.mfa.listFactors();
      for (const f of existing.data?.all ?? []) {
        if (f.factor_type === 'totp' && f.status === 'unverified')
          await client.auth.mfa.unenroll({ factorId: f.id });
      }
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
      if (error || !data)
        return { enrolment: null, error: asError(error) ?? { message: 'No factor was created' } };
      return {
        enrolment: {
          factorId: data.id,
          qrCode: qrCodeImageUrl(data.totp.qr_code),
          secret: data.totp.secret,
          uri: data.totp.uri,
        },
        error: null,
      };
    },
    async verify({ factorId, code }) {
      const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
      return { error: asError(error) };
    },
    async unenrol({ factorId }) {
      const { error } = await client.auth.mfa.unenroll({ factorId });
      return { error: asError(error) };
    },
  };
}

/** The profile's password change over a Supabase client: `current_password`, and the nonce when asked for one. */
export function createSupabasePasswordChangeService(client: SupabaseClient): PasswordChangeService {
  return {
    async changePassword({ currentPassword, password, nonce }) {
      const { error } = await client.auth.updateUser({
        password,
        current_password: currentPassword,
        ...(nonce ? { nonce } : {}),
      });
      return { error: error ? { message: error.message, code: error.code } : null };
    },
    async sendReauthenticationCode() {
      const { error } = await client.auth.reauthenticate();
      return { error: asError(error) };
    },
  };
}
