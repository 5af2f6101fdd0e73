import { AUTH_REDIRECT_KEY, DEFAULT_DELAYS } from './messages.js';
import type { AuthHost } from './host.js';
import type { AuthService } from './types.js';
import { adminGuardActors, adminGuardMachine } from './machines/adminGuard.js';
import { authCallbackActors, authCallbackMachine } from './machines/authCallback.js';
import { authFormActors, authFormMachine } from './machines/authForm.js';
import { passwordUpdateActors, passwordUpdateMachine } from './machines/passwordUpdate.js';
import { premiumActors, premiumMachine } from './machines/premium.js';
import { sessionActors, sessionMachine } from './machines/session.js';
import { signedInGuardMachine } from './machines/signedInGuard.js';

export type AuthDelays = { [K in keyof typeof DEFAULT_DELAYS]: number };

/** The auth form wired to a service and a host. `onSignedIn` replaces the navigation to /welcome. */
export function createAuthFormMachine(options: {
  service: AuthService;
  host: AuthHost;
  onSignedIn?: () => void;
  delays?: Partial<Pick<AuthDelays, 'signInRedirect'>>;
}) {
  const { service, host, onSignedIn, delays } = options;
  return authFormMachine.provide({
    actors: authFormActors(service),
    actions: {
      navigate: (_, params) => host.navigate(params.to),
      storeValue: (_, params) => host.storage.setItem(params.key, params.value),
      onSignedIn: () => onSignedIn?.(),
    },
    delays: { ...delays },
  });
}

/** The OAuth callback wired to a service and a host. Input: `{ brand, query, storedRedirect }`. */
export function createAuthCallbackMachine(options: {
  service: AuthService;
  host: AuthHost;
  delays?: Partial<Pick<AuthDelays, 'callbackSuccessRedirect' | 'callbackErrorRedirect' | 'pendingSessionWait'>>;
}) {
  const { service, host, delays } = options;
  return authCallbackMachine.provide({
    actors: authCallbackActors(service),
    actions: {
      navigate: (_, params) => host.navigate(params.to),
      removeStoredValue: (_, params) => host.storage.removeItem(params.key),
    },
    delays: { ...delays },
  });
}

/** Reads the stored `auth_redirect` (for the callback's input). */
export const readStoredRedirect = (host: AuthHost): string | null => host.storage.getItem(AUTH_REDIRECT_KEY);

/** The auth context (session) wired to a service. */
export function createSessionMachine(options: { service: AuthService }) {
  return sessionMachine.provide({ actors: sessionActors(options.service) });
}

/** The signed-in guard; after the embedded sign-in it reloads through the host. */
export function createSignedInGuardMachine(options: { host: AuthHost }) {
  return signedInGuardMachine.provide({ actions: { reload: () => options.host.reload() } });
}

/** The admin guard wired to a service and a host. Input: `{ adminEmails }`. */
export function createAdminGuardMachine(options: { service: AuthService; host: AuthHost }) {
  return adminGuardMachine.provide({
    actors: adminGuardActors(options.service),
    actions: { navigate: (_, params) => options.host.navigate(params.to) },
  });
}

/** The premium status lookup; failures go to the host's logger. */
export function createPremiumMachine(options: { service: AuthService; host: Pick<AuthHost, 'logger'> }) {
  return premiumMachine.provide({
    actors: premiumActors(options.service),
    actions: { logError: (_, params) => options.host.logger(params.message, params.error) },
  });
}

/** The reset-password page wired to a service and a host (navigation to /welcome after the update). */
export function createPasswordUpdateMachine(options: {
  service: AuthService;
  host: AuthHost;
  delays?: Partial<Pick<AuthDelays, 'passwordUpdatedRedirect'>>;
}) {
  return passwordUpdateMachine.provide({
    actors: passwordUpdateActors(options.service),
    actions: { navigate: (_, params) => options.host.navigate(params.to) },
    delays: { ...options.delays },
  });
}
