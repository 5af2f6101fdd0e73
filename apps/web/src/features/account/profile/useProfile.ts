import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { MfaFactor } from '@pentland/auth-machine';
import { createSupabaseMfaService } from '@pentland/auth-machine/supabase';
import type { ActionState } from '@pentland/screens';
import { readLinkableProviders, readUser } from './data.ts';

export type MfaService = ReturnType<typeof createSupabaseMfaService>;

export const fail = (message: string): ActionState => ({ status: 'error', message });
export const done = (message: string): ActionState => ({ status: 'success', message });

/** What every section of the profile works with. */
export interface ProfileContext {
  client: SupabaseClient;
  user: User;
  mfa: MfaService;
  /** Reads the account (and its authenticator factors) again. */
  refresh: () => Promise<void>;
  /** Whether the session must give the authenticator code before a change that needs it (aal1 with a factor). */
  needsStepUp: () => Promise<boolean>;
  /** Asks for the authenticator code at the top of the page, then runs `run`. */
  askStepUp: (reason: string, run: () => void) => void;
  /** Runs `run` at once, or after the authenticator code when the session needs it first. */
  withStepUp: (reason: string, run: () => void) => Promise<void>;
}

/**
 * The profile's account: the user (read on the first paint and after each change), its authenticator factors, the
 * social providers the backend offers, and the step-up — an action that needs aal2 first asks for the code.
 */
export function useProfile(client: SupabaseClient) {
  const [user, setUser] = useState<User | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [factors, setFactors] = useState<MfaFactor[]>([]);
  const [providers, setProviders] = useState<string[]>([]);
  const [stepUp, setStepUp] = useState<{ reason: string; run: () => void } | null>(null);
  // Fresh factors: this session may predate a factor enrolled on another device.
  const mfa = useMemo(() => createSupabaseMfaService(client, { freshFactors: true }), [client]);

  const refresh = useCallback(async () => {
    const next = await readUser(client);
    if (!next) {
      setLoadError('Your account could not be loaded. Check your connection and reload the page.');
      return;
    }
    setUser(next);
    const listed = await mfa.listFactors();
    if (!listed.error) setFactors(listed.factors);
  }, [client, mfa]);

  useEffect(() => {
    const first = setTimeout(() => void refresh(), 0);
    void readLinkableProviders().then(setProviders);
    return () => clearTimeout(first);
  }, [client, refresh]);

  const needsStepUp = useCallback(async () => {
    const { assurance } = await mfa.assurance();
    return !!assurance && assurance.next === 'aal2' && assurance.current !== 'aal2';
  }, [mfa]);
  const askStepUp = useCallback((reason: string, run: () => void) => setStepUp({ reason, run }), []);
  const withStepUp = useCallback(
    async (reason: string, run: () => void) => {
      if (await needsStepUp()) askStepUp(reason, run);
      else run();
    },
    [needsStepUp, askStepUp],
  );

  const context: ProfileContext | null = user
    ? { client, user, mfa, refresh, needsStepUp, askStepUp, withStepUp }
    : null;
  return {
    context,
    loadError,
    factors,
    providers,
    stepUp,
    /** The code was accepted: runs the waiting action. */
    stepUpDone: () => {
      const run = stepUp?.run;
      setStepUp(null);
      run?.();
    },
    stepUpCancelled: () => setStepUp(null),
  };
}
