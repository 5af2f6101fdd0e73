import type { AuthHost } from '../host.ts';

/** Side effects a step caused, as the contract lists them. */
export interface EffectLog {
  /** Paths navigated to. */
  navigated: string[];
  /** Page reloads. */
  reloaded: number;
  /** Session-storage writes, as [key, value]. */
  stored: Array<[string, string]>;
  /** Session-storage keys removed. */
  removed: string[];
  /** Calls of the form's success callback. */
  signedInCallbacks: number;
  /** Messages logged as failures. */
  logged: string[];
}

export const emptyEffects = (): EffectLog => ({
  navigated: [],
  reloaded: 0,
  stored: [],
  removed: [],
  signedInCallbacks: 0,
  logged: [],
});

export interface RecordingHost {
  host: AuthHost;
  /** Everything so far. */
  log: EffectLog;
  /** The session storage's current entries. */
  storage: Map<string, string>;
  onSignedIn: () => void;
  /** Effects since the given copy of the log. */
  since(mark: EffectLog): EffectLog;
  mark(): EffectLog;
}

/** A host that records every effect, with an in-memory session storage. */
export function createRecordingHost(
  options: { currentPath?: string; storage?: Record<string, string> } = {},
): RecordingHost {
  const log = emptyEffects();
  const storage = new Map(Object.entries(options.storage ?? {}));
  const host: AuthHost = {
    navigate: (to) => void log.navigated.push(to),
    reload: () => void (log.reloaded += 1),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => {
        log.stored.push([key, value]);
        storage.set(key, value);
      },
      removeItem: (key) => {
        log.removed.push(key);
        storage.delete(key);
      },
    },
    logger: (message) => void log.logged.push(message),
    currentPath: () => options.currentPath ?? '/auth',
  };
  const mark = (): EffectLog => ({
    navigated: [...log.navigated],
    reloaded: log.reloaded,
    stored: [...log.stored],
    removed: [...log.removed],
    signedInCallbacks: log.signedInCallbacks,
    logged: [...log.logged],
  });
  return {
    host,
    log,
    storage,
    onSignedIn: () => void (log.signedInCallbacks += 1),
    mark,
    since: (m) => ({
      navigated: log.navigated.slice(m.navigated.length),
      reloaded: log.reloaded - m.reloaded,
      stored: log.stored.slice(m.stored.length),
      removed: log.removed.slice(m.removed.length),
      signedInCallbacks: log.signedInCallbacks - m.signedInCallbacks,
      logged: log.logged.slice(m.logged.length),
    }),
  };
}
