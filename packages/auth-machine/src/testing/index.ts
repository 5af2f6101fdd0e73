export { fixtures } from './fixtures.js';
export {
  createFakeAuthService,
  type FakeAuthService,
  type ServiceCall,
  type ServiceMethod,
} from './fakeService.js';
export { createRecordingHost, emptyEffects, type EffectLog, type RecordingHost } from './host.js';
export {
  eventKind,
  flows,
  modelFieldValues,
  timerEvents,
  type EventKind,
  type Flow,
  type FlowName,
  type Settle,
} from './flows.js';
export { flush, startRun, type Run, type RunOptions, type StepObservation } from './runner.js';
export {
  checkStep,
  namedPaths,
  pathViews,
  runPath,
  type ExpectedStep,
  type NamedPath,
  type PathStep,
} from './paths.js';
export { createFlowModel, flowPaths, type GeneratedPath } from './model.js';
