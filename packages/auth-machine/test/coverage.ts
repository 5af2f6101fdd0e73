import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/** Every state node id and every transition (source, event, candidate index) of a machine. */
export function machineInventory(machine: AnyStateMachine): {
  states: Set<string>;
  transitions: Set<string>;
} {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const visit = (node: AnyStateNode) => {
    states.add(node.id);
    for (const [eventType, list] of node.transitions)
      list.forEach((_, i) => transitions.add(`${node.id} | ${eventType} | ${i}`));
    node.always?.forEach((_, i) => transitions.add(`${node.id} | (always) | ${i}`));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return { states, transitions };
}

export const transitionKey = (t: AnyTransitionDefinition): string => {
  const source = t.source;
  if (t.eventType === '') return `${source.id} | (always) | ${source.always?.indexOf(t)}`;
  const list = source.transitions.get(t.eventType) ?? [];
  return `${source.id} | ${t.eventType} | ${list.indexOf(t)}`;
};

/** Collects, through actor inspection, the state nodes entered and the transitions taken. */
export function coverageCollector() {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      if (event.actorRef !== undefined && (event.actorRef as { _parent?: unknown })._parent) return;
      event._transitions.forEach((t) => {
        transitions.add(transitionKey(t));
        // A transient state (left by an eventless transition) never shows in a snapshot.
        states.add(t.source.id);
      });
    }
    if (event.type === '@xstate.snapshot' && !(event.actorRef as { _parent?: unknown })._parent) {
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[] };
      snapshot._nodes?.forEach((n) => states.add(n.id));
    }
  };
  return { states, transitions, inspect };
}
