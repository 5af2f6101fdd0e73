import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { readStoredRedirect } from '../create.ts';
import type { AuthDelays } from '../messages.ts';
import {
  authCallbackView,
  createAuthCallbackMachine,
  type AuthCallbackView,
  type CallbackQuery,
} from '../machines/authCallback.ts';
import { useAuth } from './context.ts';

/** Reads `code`, `error` and `error_description` from a query string. */
export function parseCallbackQuery(search: string): CallbackQuery {
  const params = new URLSearchParams(search);
  return {
    code: params.get('code'),
    error: params.get('error'),
    error_description: params.get('error_description'),
  };
}

export interface UseAuthCallbackOptions {
  /** The brand in 'Welcome to {brand}!' (the web app passes its site data). */
  brand: string;
  /** Defaults to the query of `window.location`. */
  query?: CallbackQuery;
  delays?: Partial<
    Pick<AuthDelays, 'callbackSuccessRedirect' | 'callbackErrorRedirect' | 'pendingSessionWait'>
  >;
}

export function useAuthCallback(options: UseAuthCallbackOptions): {
  view: AuthCallbackView;
  retry: () => void;
  cancel: () => void;
} {
  const { service, host } = useAuth();
  const [machine] = useState(() => createAuthCallbackMachine({ service, host, delays: options.delays }));
  const [input] = useState(() => ({
    brand: options.brand,
    query: options.query ?? parseCallbackQuery(typeof window === 'undefined' ? '' : window.location.search),
    storedRedirect: readStoredRedirect(host),
  }));
  const [snapshot, send] = useMachine(machine, { input });
  return useMemo(
    () => ({
      view: authCallbackView(snapshot),
      retry: () => send({ type: 'retry' }),
      cancel: () => send({ type: 'cancel' }),
    }),
    [snapshot, send],
  );
}
