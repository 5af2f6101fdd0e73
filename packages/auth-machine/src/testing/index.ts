export { fixtures } from './fixtures.ts';
export {
  createFakeAuthService,
  type FakeAuthService,
  type ServiceCall,
  type ServiceMethod,
} from './fakeService.ts';
export { createRecordingHost, emptyEffects, type EffectLog, type RecordingHost } from './host.ts';
export {
  eventKind,
  flows,
  modelFieldValues,
  timerEvents,
  type EventKind,
  type Flow,
  type FlowName,
  type Settle,
} from './flows.ts';
export { flush, startRun, type Run, type RunOptions, type StepObservation } from './runner.ts';
export {
  checkStep,
  namedPaths,
  pathViews,
  runPath,
  type ExpectedStep,
  type NamedPath,
  type PathStep,
} from './paths.ts';
export { createFlowModel, flowPaths, type GeneratedPath } from './model.ts';
