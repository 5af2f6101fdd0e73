import {
  authServiceCalls,
  type AuthChangeEvent,
  type AuthService,
  type AuthServiceCall,
  type AuthSession,
} from '../types.ts';

export type ServiceMethod = AuthServiceCall;

export interface ServiceCall {
  method: ServiceMethod;
  args: unknown[];
}

interface Pending {
  method: ServiceMethod;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface FakeAuthService {
  service: AuthService;
  /** Every call, in order. */
  calls: ServiceCall[];
  /** How many calls of `method` still wait to be settled. */
  pending(method: ServiceMethod): number;
  /** Resolves the newest pending call of `method`; throws when none is pending. */
  resolve(method: ServiceMethod, value: unknown): void;
  /** Rejects the newest pending call of `method`; throws when none is pending. */
  reject(method: ServiceMethod, error: unknown): void;
  /** Delivers an auth change to every `onAuthStateChange` listener. */
  emit(event: AuthChangeEvent, session: AuthSession | null): void;
  listeners(): number;
}

/**
 * An `AuthService` whose every call waits until the test (or story) settles it, so busy states can
 * be observed and outcomes chosen step by step.
 */
export function createFakeAuthService(): FakeAuthService {
  const calls: ServiceCall[] = [];
  const queue: Pending[] = [];
  const listeners = new Set<(event: AuthChangeEvent, session: AuthSession | null) => void>();
  const call =
    (method: ServiceMethod) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return new Promise((resolve, reject) => queue.push({ method, resolve, reject }));
    };
  const take = (method: ServiceMethod): Pending => {
    // The newest call is the one a machine still waits for; older ones belong to stopped actors.
    const index = queue.findLastIndex((p) => p.method === method);
    if (index < 0) throw new Error(`fake auth service: no pending '${method}' call to settle`);
    return queue.splice(index, 1)[0]!;
  };
  const service = {
    ...Object.fromEntries(authServiceCalls.map((method) => [method, call(method)])),
    onAuthStateChange(listener: (event: AuthChangeEvent, session: AuthSession | null) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as AuthService;
  return {
    service,
    calls,
    pending: (method) => queue.filter((p) => p.method === method).length,
    resolve: (method, value) => take(method).resolve(value),
    reject: (method, error) => take(method).reject(error),
    emit: (event, session) => listeners.forEach((listener) => listener(event, session)),
    listeners: () => listeners.size,
  };
}
