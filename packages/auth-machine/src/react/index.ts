export { AuthProvider, AuthSessionRunner, useAuthSession, type AuthProviderProps } from './AuthProvider.js';
export { AuthContextProvider, pendingAuthValue, useAuth, type AuthContextValue } from './context.js';
export {
  parseCallbackQuery,
  useAdminGuard,
  useAuthCallback,
  useAuthForm,
  useIsAdmin,
  useMfaChallenge,
  useMfaEnrol,
  usePasswordChange,
  usePasswordUpdate,
  usePremium,
  useSession,
  useSignedInGuard,
  type UseAuthCallbackOptions,
  type UseAuthFormOptions,
  type UseAuthFormResult,
  type UsePasswordUpdateResult,
  type UseMfaChallengeResult,
  type UseMfaEnrolResult,
  type UsePasswordChangeResult,
} from './hooks.js';
export { browserHost, memoryHost, type AuthHost } from '../host.js';
