import type { EventObject } from 'xstate';
import type { KeyValueStorage, Logger } from '../types.js';

/**
 * Each flow is written once as a config function. With `runtime: false` it yields the pure
 * decision machine (no invoke, no after: what `xstate/graph` can traverse); with `runtime: true`
 * the same states additionally invoke the service actors and start the named delays, and both
 * merely raise the events the decision machine already handles.
 */
export type Variant = 'logic' | 'runtime';

/** Adds `part` only to the runtime variant of a state. */
export const runtimeOnly = <T extends object>(variant: Variant, part: T): T | Record<string, never> =>
  variant === 'runtime' ? part : {};

/** What the browser (or any host) provides to the machines as actions. */
export interface HostAdapters {
  navigate: (to: string) => void;
  reload: () => void;
  storage: KeyValueStorage;
  logger: Logger;
}

/** Event raised when a service actor rejected (threw). */
export interface ThrewEvent<T extends string> extends EventObject {
  type: T;
}
