import { namedPaths, pathViews, type FlowName, type NamedPath } from '@pentland/auth-machine/testing';

/** A named path of auth-machine's testing entry; a missing name fails loudly. */
export function namedPath(flow: FlowName, name: string): NamedPath {
  const path = namedPaths[flow].find((p) => p.name === name);
  if (!path) throw new Error(`auth-machine has no ${flow} path named ${name}`);
  return path;
}

/**
 * The machine's view after a named path (the last step by default, or `afterStep` steps in), computed by the
 * decision machine itself: the story shows exactly the state the path reaches.
 */
export function viewOf<View>(flow: FlowName, name: string, afterStep?: number): View {
  const views = pathViews(namedPath(flow, name));
  return (afterStep === undefined ? views.at(-1) : views[afterStep]) as View;
}
