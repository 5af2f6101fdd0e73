export { AuthProvider, AuthSessionRunner, useAuthSession, type AuthProviderProps } from './AuthProvider.tsx';
export { AuthContextProvider, pendingAuthValue, useAuth, type AuthContextValue } from './context.ts';
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
} from './hooks.ts';
export { browserHost, memoryHost, type AuthHost } from '../host.ts';
