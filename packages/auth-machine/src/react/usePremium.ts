import { useEffect, useMemo, useState } from 'react';
import { createActor } from 'xstate';
import { createPremiumMachine, NO_PREMIUM, premiumView, type PremiumView } from '../machines/premium.ts';
import { useAuth } from './context.ts';

const signedOutPremium: PremiumView = {
  loading: false,
  hasPremium: false,
  status: NO_PREMIUM,
  failed: false,
};

/** The signed-in user's subscription status; signed out means no premium (no call is made). */
export function usePremium(): PremiumView & { refresh: () => void } {
  const { service, host, user, loading: sessionLoading } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState<{ userId: string; view: PremiumView; refresh: () => void } | null>(null);
  useEffect(() => {
    if (!userId) return;
    // One lookup actor per signed-in user; signing out or switching user stops it.
    const actor = createActor(createPremiumMachine({ service, host })).start();
    const refresh = () => actor.send({ type: 'refresh' });
    const publish = () => setState({ userId, view: premiumView(actor.getSnapshot()), refresh });
    publish();
    const subscription = actor.subscribe(publish);
    return () => {
      subscription.unsubscribe();
      actor.stop();
    };
  }, [service, host, userId]);
  return useMemo(() => {
    if (userId && state?.userId === userId) return { ...state.view, refresh: state.refresh };
    // Signed out means no premium; while a user's first answer is pending it is loading.
    return { ...signedOutPremium, loading: sessionLoading || Boolean(userId), refresh: () => {} };
  }, [state, userId, sessionLoading]);
}
