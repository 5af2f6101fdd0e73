import { createActor, type AnyMachineSnapshot } from 'xstate';
import { describe, expect, test } from 'vitest';
import { checkStep, flows, namedPaths, pathViews, runPath, type FlowName } from '../src/testing/index.ts';

// The named paths are what stories and browser tests replay: each must be a real path of the
// decision machine, and the runtime machine must honour every step's hand-written contract.
describe.each(Object.keys(namedPaths) as FlowName[])('%s named paths', (flowName) => {
  test.each(namedPaths[flowName].map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const logic = createActor(flows[flowName].logic, { input: path.input } as never).start();
    for (const { event } of path.steps) {
      const before = logic.getSnapshot() as AnyMachineSnapshot;
      expect(before.can(event), `${path.name}: the model does not accept ${event.type}`).toBe(true);
      logic.send(event);
    }
    logic.stop();

    const observations = await runPath(path);
    const expectations = [path.initial, ...path.steps.map((s) => s.expect)];
    observations.forEach((observation, index) => {
      const label = index === 0 ? 'start' : `step ${index} (${path.steps[index - 1]!.event.type})`;
      expect(checkStep(observation, expectations[index]!), `${path.name} at ${label}`).toEqual([]);
    });
    // The synchronous views for stories equal what the runtime machine showed.
    expect(pathViews(path)).toEqual(observations.map((o) => o.view));
  });
});

test('the named paths have unique names', () => {
  const names = Object.values(namedPaths).flatMap((paths) => paths.map((p) => p.name));
  expect(new Set(names).size).toBe(names.length);
});

test('checkStep reports a broken contract', async () => {
  const path = namedPaths.authForm.find((p) => p.name === 'SignInSuccess')!;
  const observations = await runPath(path);
  const last = observations.at(-1)!;
  expect(checkStep(last, { effects: { navigated: ['/dashboard'] } })).toEqual([
    'effects.navigated: expected ["/dashboard"], got ["/welcome"]',
  ]);
  // Effects a step does not list must not happen.
  expect(checkStep(last, {})).toEqual(['effects.navigated: expected [], got ["/welcome"]']);
  expect(checkStep(observations[3]!, { view: { submitLabel: 'Sign In' } })).toEqual([
    'view.submitLabel: expected "Sign In", got "Signing in..."',
  ]);
});
