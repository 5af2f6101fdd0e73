export { AuthProvider, AuthSessionRunner, useAuthSession, type AuthProviderProps } from './AuthProvider.js';
export { AuthContextProvider, pendingAuthValue, useAuth, type AuthContextValue } from './context.js';
export {
  parseCallbackQuery,
  useAdminGuard,
  useAuthCallback,
  useAuthForm,
  useIsAdmin,
  usePasswordUpdate,
  usePremium,
  useSession,
  useSignedInGuard,
  type UseAuthCallbackOptions,
  type UseAuthFormOptions,
  type UseAuthFormResult,
  type UsePasswordUpdateResult,
} from './hooks.js';
export { browserHost, memoryHost, type AuthHost } from '../host.js';
