import {
  createActor,
  SimulatedClock,
  type InspectionEvent,
  type AnyActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
} from 'xstate';
import { AUTH_REDIRECT_KEY } from '../messages.ts';
import { createFakeAuthService, type FakeAuthService, type ServiceCall } from './fakeService.ts';
import { eventKind, flows, timerEvents, type EventKind, type FlowName } from './flows.ts';
import { createRecordingHost, type EffectLog, type RecordingHost } from './host.ts';

/** What one step did, as a UI or a browser would observe it. */
export interface StepObservation {
  event: AnyEventObject | null;
  kind: EventKind | 'start';
  snapshot: AnyMachineSnapshot;
  /** The flow's view of the snapshot (what the UI renders). */
  view: Record<string, unknown>;
  /** Effects caused by this step. */
  effects: EffectLog;
  /** Service calls made during this step. */
  calls: ServiceCall[];
}

export interface Run {
  flow: FlowName;
  actor: AnyActor;
  fake: FakeAuthService;
  host: RecordingHost;
  clock: SimulatedClock;
  initial: StepObservation;
  /** Applies one path event: sends it, settles the pending service call, or lets its delay elapse. */
  step(event: AnyEventObject): Promise<StepObservation>;
  stop(): void;
}

/** Lets settled promises reach the actors (no real time passes). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 25; i += 1) await Promise.resolve();
}

export interface RunOptions {
  /** Session storage before the run (the callback's `auth_redirect` is seeded from its input). */
  storage?: Record<string, string>;
  currentPath?: string;
  /** Passed to `createActor` (the coverage test collects the transitions taken). */
  inspect?: (event: InspectionEvent) => void;
}

/** Starts a flow's runtime machine with a fake service, a recording host and a simulated clock. */
export async function startRun(flowName: FlowName, input: unknown, options: RunOptions = {}): Promise<Run> {
  const flow = flows[flowName];
  const fake = createFakeAuthService();
  const stored = (input as { storedRedirect?: string | null } | undefined)?.storedRedirect;
  const storage = {
    ...(typeof stored === 'string' ? { [AUTH_REDIRECT_KEY]: stored } : {}),
    ...options.storage,
  };
  const host = createRecordingHost({ storage, currentPath: options.currentPath });
  const clock = new SimulatedClock();
  const actor = createActor(flow.create(fake, host), {
    clock,
    input,
    inspect: options.inspect,
  } as never) as AnyActor;
  const observe = (
    event: AnyEventObject | null,
    kind: StepObservation['kind'],
    mark: EffectLog,
    callsBefore: number,
  ) => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    return {
      event,
      kind,
      snapshot,
      view: flow.view(snapshot),
      effects: host.since(mark),
      calls: fake.calls.slice(callsBefore),
    };
  };
  const startMark = host.mark();
  actor.start();
  await flush();
  const initial = observe(null, 'start', startMark, 0);
  return {
    flow: flowName,
    actor,
    fake,
    host,
    clock,
    initial,
    async step(event) {
      const kind = eventKind(flow, event);
      const mark = host.mark();
      const callsBefore = fake.calls.length;
      if (kind === 'ui') actor.send(event);
      else if (kind === 'service') flow.settle[event.type]!(fake, event);
      else {
        const { ms } = timerEvents[event.type]!;
        const before = actor.getSnapshot() as AnyMachineSnapshot;
        clock.increment(ms - 1);
        await flush();
        const early = host.since(mark);
        if (
          actor.getSnapshot() !== before ||
          Object.values(early).some((v) => (Array.isArray(v) ? v.length : v))
        ) {
          throw new Error(`'${event.type}' took effect before ${ms} ms`);
        }
        clock.increment(1);
      }
      await flush();
      return observe(event, kind, mark, callsBefore);
    },
    stop: () => actor.stop(),
  };
}
