import { browserHost } from '@pentland/auth-machine';
import { readAdminEmails } from '../../config.ts';
import { preloadPath } from '../../lib/pathPreload.ts';
import { createAuthService } from '../../lib/supabase.ts';

/**
 * What the auth machines run against in the browser: the Supabase service, the host (session storage, navigation,
 * reload) and the administrator e-mails the admin decision falls back to. One module, imported by the provider at
 * the root and by the lazily loaded session runner, so neither imports the other.
 */
export const service = createAuthService();

/** The router's part in the machines' navigation: going to a path (once its code is loaded). */
export interface InAppNavigation {
  navigate: (to: string) => void;
}

/** Set while the router is mounted (in the browser): the machines' navigation then stays in the app. */
let inApp: InAppNavigation | undefined;

/** The router's navigation for the machines, or `undefined` when the router unmounts. */
export function setInAppNavigation(navigation: InAppNavigation | undefined): void {
  inApp = navigation;
}

/**
 * Loads the code of the page the app is about to go to (the one after signing in, during the second its message
 * shows), so that the move comes when the message's time is up rather than after the page's code arrives: what that
 * page's first render needs (its page, and the guard on a signed-in route), as the app's start loads it. On a page
 * served as islands (no router) the move is a page load, which then takes that code from the browser's cache.
 */
export function prepareNavigation(to: string): void {
  void preloadPath(new URL(to, window.location.origin).pathname).catch(() => undefined);
}

/**
 * The machines' host: session storage and reload from the window; navigation (to /welcome after sign-in, to the
 * stored path after the callback) through the router once the target's code is loaded, so the session, the user
 * menu and the loaded code carry over instead of starting again with a full page load; a page load on a page served
 * as islands, which has no router.
 */
export const host = browserHost({
  navigate: (to) => (inApp ? inApp.navigate(to) : window.location.assign(to)),
});

export const adminEmails = readAdminEmails(import.meta.env);
