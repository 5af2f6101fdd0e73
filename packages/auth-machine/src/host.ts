import type { KeyValueStorage, Logger } from './types.ts';

/** What the host (a browser, a test, a native shell) does for the machines. */
export interface AuthHost {
  navigate: (to: string) => void;
  reload: () => void;
  /** Session storage (the `auth_redirect` key lives here). */
  storage: KeyValueStorage;
  /** Where failures are logged (the premium lookup). */
  logger: Logger;
  /** The current path, stored before a social sign-in. */
  currentPath: () => string;
}

const sessionStorage = (): Storage | undefined =>
  typeof window === 'undefined' ? undefined : window.sessionStorage;

const consoleLogger: Logger = (message, error) => console.error(message, error);

/** A host over `window`: location for navigation and reload, `sessionStorage`, console.error. */
export function browserHost(overrides: Partial<AuthHost> = {}): AuthHost {
  return {
    navigate: (to) => window.location.assign(to),
    reload: () => window.location.reload(),
    // Without a window (server rendering) the storage is empty and writes nothing.
    storage: {
      getItem: (key) => sessionStorage()?.getItem(key) ?? null,
      setItem: (key, value) => sessionStorage()?.setItem(key, value),
      removeItem: (key) => sessionStorage()?.removeItem(key),
    },
    logger: consoleLogger,
    currentPath: () => window.location.pathname + window.location.search,
    ...overrides,
  };
}

/** A host kept in memory (server rendering, scripts, tests). */
export function memoryHost(overrides: Partial<AuthHost> = {}): AuthHost & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    navigate: () => {},
    reload: () => {},
    storage: {
      getItem: (key) => entries.get(key) ?? null,
      setItem: (key, value) => void entries.set(key, value),
      removeItem: (key) => void entries.delete(key),
    },
    logger: consoleLogger,
    currentPath: () => '/',
    entries,
    ...overrides,
  };
}
