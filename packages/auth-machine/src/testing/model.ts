import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createTestModel, serializeSnapshot, type TestPath } from 'xstate/graph';
import { flows, type FlowName } from './flows.ts';

/** The `xstate/graph` test model of a flow's decision machine for one of its named inputs. */
export function createFlowModel(
  flowName: FlowName,
  inputName: string,
  options: { perTransition?: boolean } = {},
) {
  const flow = flows[flowName];
  if (!(inputName in flow.inputs)) throw new Error(`unknown input '${inputName}' of flow '${flowName}'`);
  const serialize = flow.serializeState ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s));
  return createTestModel(flow.logic, {
    input: flow.inputs[inputName],
    events: (snapshot: AnyMachineSnapshot) => flow.events(snapshot),
    // Keyed per transition (the incoming event is part of the vertex), shortest paths reach every
    // transition rather than every state only.
    serializeState: (
      snapshot: AnyMachineSnapshot,
      event: AnyEventObject | undefined,
      previous?: AnyMachineSnapshot,
    ) =>
      options.perTransition && event && previous
        ? `${serialize(previous)} --${JSON.stringify(event)}--> ${serialize(snapshot)}`
        : serialize(snapshot),
  } as never);
}

export interface GeneratedPath {
  /** e.g. `authCallback/code: session.absent → timer.pendingSessionWait → user.present` */
  name: string;
  flow: FlowName;
  inputName: string;
  input: unknown;
  /** The events after start (the model's initial step is left out). */
  events: AnyEventObject[];
  /** The logic machine's snapshot after each event (index 0: the start). */
  states: AnyMachineSnapshot[];
  /** The `xstate/graph` path: `path.test({ events, states })`. */
  testPath: TestPath<AnyMachineSnapshot, AnyEventObject>;
}

/**
 * Paths generated from the decision machine, for every named input of the flow: `shortest` reaches
 * every transition by its shortest path, `simple` lists every path that visits no state twice.
 */
export function flowPaths(flowName: FlowName, kind: 'shortest' | 'simple'): GeneratedPath[] {
  const flow = flows[flowName];
  return Object.keys(flow.inputs).flatMap((inputName) => {
    const model = createFlowModel(flowName, inputName, {
      perTransition: kind === 'shortest' && flow.perTransition !== false,
    });
    const paths = kind === 'shortest' ? model.getShortestPaths() : model.getSimplePaths();
    return paths.map((path) => {
      const steps = path.steps as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
      const [first, ...rest] = steps;
      const events = rest.map((s) => s.event);
      return {
        name: `${flowName}/${inputName}: ${events.map((e) => e.type).join(' → ') || '(start)'}`,
        flow: flowName,
        inputName,
        input: flow.inputs[inputName],
        events,
        states: [first!.state, ...rest.map((s) => s.state)],
        testPath: path as unknown as TestPath<AnyMachineSnapshot, AnyEventObject>,
      };
    });
  });
}
