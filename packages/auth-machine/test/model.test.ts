import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, test } from 'vitest';
import { AUTH_REDIRECT_KEY, type AuthFormView } from '../src/index.ts';
import {
  fixtures,
  flowPaths,
  flows,
  startRun,
  type FlowName,
  type GeneratedPath,
  type StepObservation,
} from '../src/testing/index.ts';
import { coverageCollector, machineInventory } from './coverage.ts';

// Paths are generated from each flow's decision machine by xstate/graph and replayed against the
// runtime machine (fake service, simulated clock). After every step the runtime must show what the
// decision machine shows, and each state's contract below (written from the spec) must hold.

// Simple paths (every path visiting no state twice) where the graph is small enough.
const plan: Record<FlowName, Array<'shortest' | 'simple'>> = {
  authForm: ['shortest'],
  authCallback: ['shortest', 'simple'],
  session: ['shortest'],
  signedInGuard: ['shortest', 'simple'],
  adminGuard: ['shortest', 'simple'],
  premium: ['shortest', 'simple'],
};

type Check = (
  now: StepObservation,
  ctx: { event: AnyEventObject | null; prev: StepObservation | null; path: GeneratedPath },
) => void;

const noNavigation: Check = (now) => expect(now.effects.navigated).toEqual([]);
const idleLabel = { signin: 'Sign In', signup: 'Create Account', forgot: 'Send Reset Email' } as const;
const busyLabel = {
  signin: 'Signing in...',
  signup: 'Creating account...',
  forgot: 'Sending reset email...',
} as const;

// The auth form's validation rules, restated for the test in their order.
function firstRuleBroken(f: AuthFormView['fields'], mode: string): string | null {
  if (!f.email || !f.email.includes('@')) return 'Please enter a valid email address';
  if (mode !== 'forgot' && (f.password ?? '').length < 6) return 'Password must be at least 6 characters';
  if (mode === 'signup' && !(f.fullName ?? '').trim()) return 'Please enter your full name';
  if (mode === 'signup' && f.password !== f.confirmPassword) return 'Passwords do not match';
  return null;
}

const stateChecks: Record<FlowName, Record<string, Check>> = {
  authForm: {
    editing: (now, { event, prev }) => {
      const v = now.view as unknown as AuthFormView;
      expect(v.disabled).toBe(false);
      expect(v.busyLabel).toBeNull();
      expect(v.submitLabel).toBe(idleLabel[v.mode]);
      expect(v.showSocial).toBe(v.mode !== 'forgot');
      noNavigation(now, null as never);
      const type = event?.type ?? '';
      const pv = prev?.view as unknown as AuthFormView | undefined;
      const expected: Record<string, unknown> = {
        'signIn.failed': { type: 'error', text: fixtures.serviceError },
        'signUp.failed': { type: 'error', text: fixtures.serviceError },
        'reset.failed': { type: 'error', text: fixtures.serviceError },
        'signIn.threw': { type: 'error', text: 'An unexpected error occurred. Please try again.' },
        'signUp.threw': { type: 'error', text: 'An unexpected error occurred. Please try again.' },
        'reset.threw': { type: 'error', text: 'An unexpected error occurred. Please try again.' },
        'social.failed': {
          type: 'error',
          text: `Facebook sign in failed: ${fixtures.providerError}. Please try again or use email/password.`,
        },
        'social.threw': {
          type: 'error',
          text: 'Facebook sign in failed. Please try again or use email/password.',
        },
        'signUp.succeeded': {
          type: 'success',
          text: 'Account created successfully! Please check your email for verification.',
        },
        'reset.succeeded': { type: 'success', text: 'Password reset email sent! Please check your inbox.' },
        'mode.switch': null,
      };
      if (type in expected) expect(v.message).toEqual(expected[type]);
      if (type === 'mode.switch' || type === 'signUp.succeeded') {
        expect(v.fields).toEqual({ email: '', password: '', confirmPassword: '', fullName: '' });
      }
      if (type === 'form.submit' && pv) {
        expect(v.message).toEqual({ type: 'error', text: firstRuleBroken(pv.fields, pv.mode) });
        expect(now.calls).toEqual([]);
      }
      if (type === 'field.change') expect(v.message).toEqual(pv?.message);
      if (type === 'password.toggle') expect(v.passwordVisible).toBe(!pv?.passwordVisible);
    },
    signingIn: (now, { event }) => {
      expect(now.view).toMatchObject({
        busyLabel: busyLabel.signin,
        submitLabel: 'Signing in...',
        disabled: true,
        message: null,
      });
      if (event?.type === 'form.submit') expect(now.calls.map((c) => c.method)).toEqual(['signIn']);
    },
    signingUp: (now, { event }) => {
      expect(now.view).toMatchObject({
        busyLabel: busyLabel.signup,
        submitLabel: 'Creating account...',
        disabled: true,
        message: null,
      });
      if (event?.type === 'form.submit') expect(now.calls.map((c) => c.method)).toEqual(['signUp']);
    },
    sendingReset: (now, { event }) => {
      expect(now.view).toMatchObject({
        busyLabel: busyLabel.forgot,
        submitLabel: 'Sending reset email...',
        disabled: true,
        message: null,
      });
      if (event?.type === 'form.submit') expect(now.calls.map((c) => c.method)).toEqual(['resetPassword']);
    },
    signedIn: (now) => {
      expect(now.view).toMatchObject({
        message: { type: 'success', text: 'Successfully signed in!' },
        disabled: true,
      });
      noNavigation(now, null as never);
    },
    done: (now, { path }) => {
      const callback = (path.input as { hasSuccessCallback?: boolean }).hasSuccessCallback === true;
      expect(now.effects.navigated).toEqual(callback ? [] : ['/welcome']);
      expect(now.effects.signedInCallbacks).toBe(callback ? 1 : 0);
    },
    redirectingToProvider: (now, { event }) => {
      expect(now.view).toMatchObject({ disabled: true, busy: true });
      if (event?.type === 'social.start') {
        expect(now.effects.stored).toEqual([[AUTH_REDIRECT_KEY, '/pricing']]);
        expect(now.calls).toEqual([{ method: 'signInWithProvider', args: [{ provider: 'facebook' }] }]);
      }
    },
    redirected: (now) =>
      expect(now.view).toMatchObject({
        message: { type: 'success', text: 'Redirecting to Facebook...' },
        disabled: true,
      }),
  },
  authCallback: {
    loading: (now) => {
      expect(now.view).toMatchObject({
        status: 'loading',
        title: 'Processing Authentication',
        showActions: false,
      });
      noNavigation(now, null as never);
    },
    success: (now, { path, event }) => {
      const stored = (path.input as { storedRedirect?: string | null }).storedRedirect;
      const social = event?.type === 'session.present';
      expect(now.view).toMatchObject({
        title: 'Welcome to Pentland Cloud!',
        message: social ? 'Successfully signed in with the social provider!' : 'Successfully signed in!',
        redirectTo: social && stored === '/pricing?plan=premium' ? stored : '/welcome',
        redirectDelay: 'callbackSuccessRedirect',
      });
      expect(now.effects.removed).toEqual(social ? [AUTH_REDIRECT_KEY] : []);
    },
    error: (now, { path, event }) => {
      const query = (path.input as { query: Record<string, string> }).query;
      const text: Record<string, string> = {
        'session.failed': 'Failed to establish session',
        'session.threw': 'Authentication failed. Please try again.',
        'user.threw': 'Authentication failed. Please try again.',
        'user.absent': 'Authentication incomplete',
      };
      const expected = event
        ? text[event.type]
        : query.error_description ||
          query.error ||
          (query.code ? undefined : 'No authorization code received');
      expect(now.view).toMatchObject({
        status: 'error',
        title: 'Authentication Failed',
        message: expected,
        redirectTo: '/auth',
        redirectDelay: 'callbackErrorRedirect',
        showActions: true,
      });
    },
    redirected: (now, { event, prev }) => {
      const to =
        event?.type === 'cancel'
          ? '/'
          : event?.type === 'retry'
            ? '/auth'
            : (prev?.view.redirectTo as string);
      expect(now.effects.navigated).toEqual([to]);
    },
  },
  session: {
    loading: (now) => expect(now.view).toMatchObject({ loading: true, user: null }),
    signedIn: (now) =>
      expect(now.view).toMatchObject({ loading: false, signedIn: true, displayName: 'Ada Lovelace' }),
    signedOut: (now) =>
      expect(now.view).toMatchObject({ loading: false, signedIn: false, user: null, displayName: 'User' }),
    signingOut: (now, { event }) => {
      expect(now.view).toMatchObject({ signingOut: true });
      if (event?.type === 'session.signOut') expect(now.calls.map((c) => c.method)).toEqual(['signOut']);
    },
  },
  signedInGuard: {
    checking: (now) =>
      expect(now.view).toMatchObject({ text: 'Checking authentication...', showContent: false }),
    allowed: (now, { event }) => {
      expect(now.view).toMatchObject({ showContent: true, text: null, showCodeForm: false });
      // Content is shown only to a session that owes no authenticator code.
      if (event?.type === 'session.changed') expect(event.codeRequired ?? false).toBe(false);
    },
    // A password-only session of a user with two-step verification: the code screen alone, whatever the route.
    codeRequired: (now, { event }) => {
      expect(now.view).toMatchObject({
        showCodeForm: true,
        showContent: false,
        showSignInForm: false,
        showFallback: false,
      });
      expect(event).toMatchObject({ type: 'session.changed', signedIn: true, codeRequired: true });
    },
    fallback: (now) =>
      expect(now.view).toMatchObject({ showFallback: true, showContent: false, showSignInForm: false }),
    signInRequired: (now) =>
      expect(now.view).toMatchObject({ text: 'Authentication Required', showSignInForm: true }),
    // Signed in through the embedded form: the form (and its success message) stays until the reload.
    signingIn: (now) =>
      expect(now.view).toMatchObject({
        text: 'Authentication Required',
        showSignInForm: true,
        showContent: false,
      }),
    reloading: (now, { event }) =>
      expect(now.effects.reloaded).toBe(event?.type === 'signIn.completed' ? 1 : 0),
  },
  adminGuard: {
    checkingSession: (now) =>
      expect(now.view).toMatchObject({ title: 'Checking permissions...', showContent: false }),
    // An aal1 session of a user with a verified factor: the code screen, no is_admin call, no content.
    codeRequired: (now, { event }) => {
      expect(now.view).toMatchObject({
        showCodeForm: true,
        showContent: false,
        isAdmin: false,
        showSignInForm: false,
      });
      expect(now.calls.map((c) => c.method)).not.toContain('isAdmin');
      expect(event).toMatchObject({ type: 'session.changed', codeRequired: true });
    },
    checkingAdmin: (now, { event, prev }) => {
      expect(now.view).toMatchObject({ title: 'Checking permissions...', showContent: false });
      if (event?.type === 'session.changed') expect(event.codeRequired ?? false).toBe(false);
      // is_admin is asked once per user; the same user again (a token refresh) keeps the pending check.
      if (event?.type === 'session.changed') {
        // After the code screen, the same user is asked about for the first time.
        const newUser =
          prev?.snapshot.context.user?.id !== event.user.id || prev?.snapshot.value === 'codeRequired';
        expect(now.calls.map((c) => c.method)).toEqual(newUser ? ['isAdmin'] : []);
      }
    },
    signInRequired: (now) =>
      expect(now.view).toMatchObject({ title: 'Admin Access Required', showSignInForm: true }),
    // Only a guard page with the embedded form holds it after a sign-in there; then it reloads on the form's report.
    signingIn: (now) => {
      expect(now.snapshot.context.embeddedSignIn).toBe(true);
      expect(now.view).toMatchObject({
        title: 'Admin Access Required',
        showSignInForm: true,
        showContent: false,
      });
      expect(now.calls.map((c) => c.method)).not.toContain('isAdmin');
    },
    reloading: (now, { event }) =>
      expect(now.effects.reloaded).toBe(event?.type === 'signIn.completed' ? 1 : 0),
    allowed: (now, { event, prev }) => {
      expect(now.view).toMatchObject({ showContent: true, isAdmin: true });
      // The e-mail list only decides when is_admin failed, and compares case-insensitively.
      if (event?.type === 'admin.failed')
        expect(prev?.snapshot.context.user.email.toLowerCase()).toBe('ops@pentland.example');
    },
    denied: (now) =>
      expect(now.view).toMatchObject({
        title: 'Access Denied',
        deniedText: "You don't have administrator privileges to access this area.",
        contactText: 'Contact the system administrator to request admin access.',
        homeLabel: 'Return to Homepage',
        email: now.snapshot.context.user.email,
      }),
    leaving: (now, { event }) => expect(now.effects.navigated).toEqual(event?.type === 'home' ? ['/'] : []),
  },
  premium: {
    loading: (now) => expect(now.view).toMatchObject({ loading: true }),
    loaded: (now) =>
      expect(now.view).toMatchObject({ loading: false, hasPremium: true, status: fixtures.premiumStatus }),
    failed: (now, { event }) => {
      expect(now.view).toMatchObject({
        loading: false,
        hasPremium: false,
        status: { has_premium: false, subscriptions: [] },
      });
      if (event?.type === 'status.failed')
        expect(now.effects.logged).toEqual(['Failed to load subscription status']);
    },
  },
};

const covered = Object.fromEntries(
  (Object.keys(flows) as FlowName[]).map((f) => [
    f,
    { logic: coverageCollector(), runtime: coverageCollector() },
  ]),
) as Record<
  FlowName,
  { logic: ReturnType<typeof coverageCollector>; runtime: ReturnType<typeof coverageCollector> }
>;

const comparable = (s: AnyMachineSnapshot) => ({
  value: s.value,
  context: JSON.parse(JSON.stringify(s.context)),
});

describe.each(Object.keys(flows) as FlowName[])('%s: generated paths', (flowName) => {
  const flow = flows[flowName];
  const paths = plan[flowName].flatMap((kind) =>
    flowPaths(flowName, kind).map((p) => ({ ...p, name: `${kind} ${p.name}` })),
  );

  test('the model yields paths', () => expect(paths.length).toBeGreaterThan(1));

  test.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    // The decision machine replays the same events (its snapshots are the reference; the path's
    // own snapshots may be another member of the same abstract vertex).
    const logicActor = createActor(flow.logic, {
      input: path.input,
      inspect: covered[flowName].logic.inspect,
    } as never).start();
    const run = await startRun(flowName, path.input, { inspect: covered[flowName].runtime.inspect });
    let prev: StepObservation | null = null;
    let now = run.initial;
    let lastEvent: AnyEventObject | null = null;
    const checkState = () => {
      const state = logicActor.getSnapshot() as AnyMachineSnapshot;
      expect(comparable(now.snapshot)).toEqual(comparable(state));
      expect(now.view).toEqual(flow.view(state));
      const checks = Object.entries(stateChecks[flowName]).filter(([key]) => state.matches(key as never));
      expect(checks.length, `no contract for ${JSON.stringify(state.value)}`).toBeGreaterThan(0);
      checks.forEach(([, check]) => check(now, { event: lastEvent, prev, path }));
    };
    const executors = Object.fromEntries(
      [...new Set(path.events.map((e) => e.type))].map((type) => [
        type,
        async ({ event }: { event: AnyEventObject }) => {
          lastEvent = event;
          logicActor.send(event);
          prev = now;
          now = await run.step(event);
        },
      ]),
    );
    let checked = 0;
    await path.testPath.test({
      events: executors as never,
      states: {
        '*': () => {
          checked += 1;
          checkState();
        },
      },
    });
    expect(checked).toBe(path.events.length + 1);
    logicActor.stop();
    run.stop();
  });
});

describe('coverage', () => {
  // Runs after the generated paths above (tests in a file run in order).
  test.each(Object.keys(flows) as FlowName[])('%s: every state and transition is reached', (flowName) => {
    const flow = flows[flowName];
    for (const [label, machine, seen] of [
      ['logic', flow.logic, covered[flowName].logic],
      ['runtime', flow.machine, covered[flowName].runtime],
    ] as const) {
      const all = machineInventory(machine);
      expect(
        [...all.states].filter((s) => !seen.states.has(s)),
        `${label} states not reached`,
      ).toEqual([]);
      expect(
        [...all.transitions].filter((t) => !seen.transitions.has(t)),
        `${label} transitions not taken`,
      ).toEqual([]);
    }
  });
});
