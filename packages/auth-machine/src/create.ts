import { AUTH_REDIRECT_KEY } from './messages.ts';
import type { AuthHost } from './host.ts';

// Each machine's factory lives beside its machine, so a bundle takes only the machines it uses.
export type { AuthDelays } from './messages.ts';
export { createAuthFormMachine } from './machines/authForm.ts';
export { createAuthCallbackMachine } from './machines/authCallback.ts';
export { createSessionMachine } from './machines/session.ts';
export { createSignedInGuardMachine } from './machines/signedInGuard.ts';
export { createAdminGuardMachine } from './machines/adminGuard.ts';
export { createPremiumMachine } from './machines/premium.ts';
export { createPasswordUpdateMachine } from './machines/passwordUpdate.ts';

/** Reads the stored `auth_redirect` (for the callback's input). */
export const readStoredRedirect = (host: AuthHost): string | null => host.storage.getItem(AUTH_REDIRECT_KEY);
