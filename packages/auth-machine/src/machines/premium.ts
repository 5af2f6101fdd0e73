import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { AuthService, SubscriptionStatus } from '../types.ts';
import { notProvided, runtimeOnly, type Variant } from './effects.ts';
import type { AuthHost } from '../host.ts';
import { NO_PREMIUM, normalizeStatus } from '../status.ts';

export { NO_PREMIUM, normalizeStatus } from '../status.ts';

export type PremiumServiceEvent =
  { type: 'status.loaded'; status: SubscriptionStatus } | { type: 'status.failed'; error: unknown };
export type PremiumEvent = PremiumServiceEvent | { type: 'refresh' };

export interface PremiumContext {
  status: SubscriptionStatus;
}

const premiumSetup = /* @__PURE__ */ setup({
  types: { context: {} as PremiumContext, events: {} as PremiumEvent },
  actors: {
    loadStatus: notProvided<PremiumServiceEvent>('loadStatus'),
  },
  actions: {
    /** Failure logging (injected; the default adapters use console.error). */
    logError: (_, _params: { message: string; error: unknown }) => {},
    setStatus: assign(({ event }) =>
      event.type === 'status.loaded' ? { status: normalizeStatus(event.status) } : {},
    ),
    setDefault: assign({ status: () => ({ ...NO_PREMIUM, subscriptions: [] }) }),
  },
});

function premiumConfig(variant: Variant) {
  return premiumSetup.createMachine({
    id: 'premium',
    context: { status: { has_premium: false, subscriptions: [] } },
    initial: 'loading',
    states: {
      loading: {
        ...runtimeOnly(variant, {
          invoke: {
            src: 'loadStatus',
            onDone: { actions: raise(({ event }) => event.output) },
            onError: {
              actions: raise(({ event }) => ({ type: 'status.failed' as const, error: event.error })),
            },
          },
        }),
        on: {
          'status.loaded': { target: 'loaded', actions: 'setStatus' },
          'status.failed': {
            target: 'failed',
            actions: [
              'setDefault',
              {
                type: 'logError',
                params: ({ event }) => ({
                  message: 'Failed to load subscription status',
                  error: 'error' in event ? event.error : undefined,
                }),
              },
            ],
          },
        },
      },
      loaded: { on: { refresh: 'loading' } },
      failed: { on: { refresh: 'loading' } },
    },
  });
}

export const premiumLogic = /* @__PURE__ */ premiumConfig('logic');
export const premiumMachine = /* @__PURE__ */ premiumConfig('runtime');
export type PremiumSnapshot = SnapshotFrom<typeof premiumMachine> | SnapshotFrom<typeof premiumLogic>;

export const premiumActors = (service: AuthService) => ({
  loadStatus: fromPromise<PremiumServiceEvent, void>(async () => ({
    type: 'status.loaded',
    status: await service.subscriptionStatus(),
  })),
});

export interface PremiumView {
  loading: boolean;
  hasPremium: boolean;
  status: SubscriptionStatus;
  /** The last load failed (the default status is shown and the failure was logged). */
  failed: boolean;
}

export function premiumView(snapshot: PremiumSnapshot): PremiumView {
  return {
    loading: snapshot.matches('loading'),
    hasPremium: snapshot.context.status.has_premium,
    status: snapshot.context.status,
    failed: snapshot.matches('failed'),
  };
}

/** The premium status lookup; failures go to the host's logger. */
export function createPremiumMachine(options: { service: AuthService; host: Pick<AuthHost, 'logger'> }) {
  return premiumMachine.provide({
    actors: premiumActors(options.service),
    actions: { logError: (_, params) => options.host.logger(params.message, params.error) },
  });
}
