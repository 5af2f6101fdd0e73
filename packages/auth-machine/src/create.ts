import { AUTH_REDIRECT_KEY } from './messages.js';
import type { AuthHost } from './host.js';

// Each machine's factory lives beside its machine, so a bundle takes only the machines it uses.
export type { AuthDelays } from './messages.js';
export { createAuthFormMachine } from './machines/authForm.js';
export { createAuthCallbackMachine } from './machines/authCallback.js';
export { createSessionMachine } from './machines/session.js';
export { createSignedInGuardMachine } from './machines/signedInGuard.js';
export { createAdminGuardMachine } from './machines/adminGuard.js';
export { createPremiumMachine } from './machines/premium.js';
export { createPasswordUpdateMachine } from './machines/passwordUpdate.js';

/** Reads the stored `auth_redirect` (for the callback's input). */
export const readStoredRedirect = (host: AuthHost): string | null => host.storage.getItem(AUTH_REDIRECT_KEY);
