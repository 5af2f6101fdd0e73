import { fromPromise } from 'xstate';

/**
 * Each flow is written once as a config function. The 'logic' variant is the pure
 * decision machine (no invoke, no after: what `xstate/graph` can traverse); in the 'runtime' variant
 * the same states additionally invoke the service actors and start the named delays, and both
 * merely raise the events the decision machine already handles.
 */
export type Variant = 'logic' | 'runtime';

/** Adds `part` only to the runtime variant of a state. */
export const runtimeOnly = <T extends object>(variant: Variant, part: T): T | Record<string, never> =>
  variant === 'runtime' ? part : {};

/**
 * The default of every service actor: it rejects, so a machine whose actors were not provided
 * shows its "exception" outcome instead of hanging.
 */
export const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`auth-machine: the '${name}' actor was not provided`);
  });
