import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `saved`: the server has the current value; `pending`: changed, waiting for the debounce; `saving`: a save is
 * under way; `error`: the last save failed (the value is kept locally until one succeeds); `blocked`: changed, but
 * saving is paused (`enabled` is false, e.g. a required field is empty) — kept locally, saved once enabled.
 */
export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'error' | 'blocked';

export interface AutosaveOptions<T> {
  /** The current value; a change (by `isEqual`) starts the debounce. */
  value: T;
  /** Sends a value to the server; a rejection marks the save failed. */
  save: (value: T) => Promise<void>;
  /** Debounce after the last change, in ms (1500). */
  delay?: number;
  /** After a failed save, tried again this many ms later while the browser is online (5000). */
  retryDelay?: number;
  /** Where the unsaved value is kept (localStorage) until the server has it; none: not kept. */
  storageKey?: string;
  isEqual?: (a: T, b: T) => boolean;
  /** Pause saving (e.g. while the value is not valid). */
  enabled?: boolean;
}

export interface Autosave<T = unknown> {
  status: AutosaveStatus;
  /** The last save's error message. */
  error: string | undefined;
  /** Saves now (the retry button, leaving the page). */
  flush: () => Promise<void>;
  /** Records a value as what the server has (after loading, or after a save made elsewhere). */
  markSaved: (value: T) => void;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The locally kept unsaved value for a key, if any. */
export function readLocalDraft<T>(storageKey: string): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    return raw ? (JSON.parse(raw) as { value: T }).value : undefined;
  } catch {
    return undefined;
  }
}

export function clearLocalDraft(storageKey: string): void {
  try {
    globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // storage unavailable: nothing kept
  }
}

function keepLocalDraft(storageKey: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify({ value, at: Date.now() }));
  } catch {
    // storage full or unavailable: the in-memory value still waits for the server
  }
}

/**
 * Debounced autosave. Every change is kept in localStorage at once (under `storageKey`) and sent after `delay`;
 * the local copy is cleared only when the server has exactly that value. A failed save shows `error` and is tried
 * again by `flush`, when the browser comes back online, after `retryDelay` while it is online, and on the next change.
 */
export function useAutosave<T>({
  value,
  save,
  delay = 1500,
  retryDelay = 5000,
  storageKey,
  isEqual = sameJson,
  enabled = true,
}: AutosaveOptions<T>): Autosave<T> {
  const [status, setStatus] = useState<AutosaveStatus>('saved');
  const [error, setError] = useState<string>();
  const saved = useRef(value);
  const latest = useRef(value);
  const inFlight = useRef<Promise<void> | null>(null);
  /** This hook has written a local copy that the server does not have yet. */
  const kept = useRef(false);
  const saveRef = useRef(save);
  const enabledRef = useRef(enabled);
  useEffect(() => {
    saveRef.current = save;
    enabledRef.current = enabled;
  });

  const run = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current.catch(() => undefined);
    const value = latest.current;
    if (isEqual(value, saved.current) || !enabledRef.current) {
      if (isEqual(value, saved.current)) {
        if (kept.current && storageKey) clearLocalDraft(storageKey);
        kept.current = false;
        setStatus('saved');
      }
      return;
    }
    setStatus('saving');
    const attempt = saveRef.current(value);
    inFlight.current = attempt;
    try {
      await attempt;
      saved.current = value;
      setError(undefined);
      if (isEqual(latest.current, value)) {
        if (storageKey) clearLocalDraft(storageKey);
        kept.current = false;
        setStatus('saved');
      } else setStatus('pending');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setStatus('error');
    } finally {
      inFlight.current = null;
    }
  }, [isEqual, storageKey]);

  useEffect(() => {
    latest.current = value;
    // Back to what the server has (an edit undone before the debounce ended): nothing to save. While a save of
    // another value is under way, the run below still follows it and sends this one.
    if (isEqual(value, saved.current) && !inFlight.current) {
      // The local copy of the undone edit is stale now (but a copy this hook did not write, before any change, is
      // left for the editor to read).
      if (kept.current && storageKey) clearLocalDraft(storageKey);
      kept.current = false;
      setStatus('saved');
      setError(undefined);
      return;
    }
    if (storageKey) keepLocalDraft(storageKey, value);
    kept.current = true;
    if (!enabled) {
      // Paused (e.g. a required field is empty): not 'Saving…', since nothing is sent until it is enabled again.
      if (!isEqual(value, saved.current)) setStatus('blocked');
      return;
    }
    setStatus((s) => (s === 'error' ? 'error' : 'pending'));
    const timer = setTimeout(() => void run(), delay);
    return () => clearTimeout(timer);
  }, [value, delay, enabled, isEqual, run, storageKey]);

  useEffect(() => {
    const online = () => void run();
    globalThis.addEventListener?.('online', online);
    return () => globalThis.removeEventListener?.('online', online);
  }, [run]);

  // A failed save is tried again by itself while the browser says it is online (the 'online' event can come
  // before the connection works again, and a server can fail for a moment); offline, the 'online' event retries.
  useEffect(() => {
    if (status !== 'error') return;
    const timer = setTimeout(() => {
      if (globalThis.navigator?.onLine !== false) void run();
    }, retryDelay);
    return () => clearTimeout(timer);
  }, [status, retryDelay, run]);

  const markSaved = useCallback(
    (value: T) => {
      saved.current = value;
      if (isEqual(latest.current, value)) {
        if (storageKey) clearLocalDraft(storageKey);
        kept.current = false;
        setStatus('saved');
      }
    },
    [isEqual, storageKey],
  );

  return { status, error, flush: run, markSaved };
}
