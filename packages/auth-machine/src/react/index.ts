export { AuthProvider, useAuth, type AuthContextValue, type AuthProviderProps } from './AuthProvider.js';
export {
  parseCallbackQuery,
  useAdminGuard,
  useAuthCallback,
  useAuthForm,
  useIsAdmin,
  usePremium,
  useSession,
  useSignedInGuard,
  type UseAuthCallbackOptions,
  type UseAuthFormOptions,
  type UseAuthFormResult,
} from './hooks.js';
export { browserHost, memoryHost, type AuthHost } from '../host.js';
