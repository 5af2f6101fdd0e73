/** A user as the auth service reports it (a subset of a Supabase user). */
export interface AuthUser {
  id: string;
  email?: string | null;
  user_metadata?: { full_name?: string | null; [key: string]: unknown } | null;
  identities?: unknown[] | null;
  factors?: unknown[] | null;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number | null;
  user: AuthUser;
}

export interface AuthError {
  message: string;
}

/** Result of a call that either succeeds or reports an error object (it may also throw). */
export interface AuthResult {
  error: AuthError | null;
}

export interface SessionResult {
  session: AuthSession | null;
  error: AuthError | null;
}

export interface UserResult {
  user: AuthUser | null;
  error: AuthError | null;
}

export interface SubscriptionStatus {
  has_premium: boolean;
  subscriptions: unknown[];
}

/** The auth events a backend reports (Supabase's AuthChangeEvent names). */
export type AuthChangeEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface SignUpCredentials extends SignInCredentials {
  fullName: string;
}

/** A social provider: `id` is what the backend expects, `name` is what people read. */
export interface SocialProvider {
  id: string;
  name: string;
}

export const DEFAULT_PROVIDER: SocialProvider = { id: 'facebook', name: 'Facebook' };

/**
 * Everything the machines need from a backend. Error objects are reported in the result;
 * a thrown exception means "unexpected". `isAdmin` and `subscriptionStatus` throw on failure.
 */
export interface AuthService {
  signIn(credentials: SignInCredentials): Promise<AuthResult>;
  signUp(credentials: SignUpCredentials): Promise<AuthResult>;
  resetPassword(request: { email: string }): Promise<AuthResult>;
  /** Sets a new password for the signed-in user (after the recovery link, the recovery session). */
  updatePassword(request: { password: string }): Promise<AuthResult>;
  /** Starts the provider's redirect flow (the browser leaves the page on success). */
  signInWithProvider(request: { provider: string }): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
  getSession(): Promise<SessionResult>;
  /**
   * The callback's "session fetch": returns the session established by the redirect,
   * exchanging the authorization `code` (PKCE) when no session exists yet.
   */
  completeCallback(request: { code: string }): Promise<SessionResult>;
  getUser(): Promise<UserResult>;
  isAdmin(): Promise<boolean>;
  subscriptionStatus(): Promise<SubscriptionStatus>;
  /** Subscribes to auth changes; returns the unsubscribe function. */
  onAuthStateChange(listener: (event: AuthChangeEvent, session: AuthSession | null) => void): () => void;
}

/** Key/value storage as the machines use it (session storage in a browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type Logger = (message: string, error?: unknown) => void;

/** The request-style methods of `AuthService` (all but `onAuthStateChange`), for forwarders and fakes. */
export type AuthServiceCall = Exclude<keyof AuthService, 'onAuthStateChange'>;

export const authServiceCalls = [
  'signIn',
  'signUp',
  'resetPassword',
  'updatePassword',
  'signInWithProvider',
  'signOut',
  'getSession',
  'completeCallback',
  'getUser',
  'isAdmin',
  'subscriptionStatus',
] as const satisfies readonly AuthServiceCall[];

// Compile-time check that the list names every call: adding a method to AuthService without listing it fails here.
const everyCallListed: Exclude<AuthServiceCall, (typeof authServiceCalls)[number]> extends never
  ? true
  : false = true;
void everyCallListed;
