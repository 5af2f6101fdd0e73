import { createActor, SimulatedClock } from 'xstate';
import { expect, test } from 'vitest';
import {
  authCallbackMachine,
  authFormMachine,
  createAuthCallbackMachine,
  createAuthFormMachine,
} from '../src/index.ts';
import { createFakeAuthService, createRecordingHost, fixtures, flush } from '../src/testing/index.ts';

test('named delays can be overridden', async () => {
  const fake = createFakeAuthService();
  const rec = createRecordingHost();
  const clock = new SimulatedClock();
  const machine = createAuthFormMachine({
    service: fake.service,
    host: rec.host,
    delays: { signInRedirect: 50 },
  });
  const actor = createActor(machine, { clock, input: {} }).start();
  actor.send({ type: 'field.change', field: 'email', value: fixtures.credentials.email });
  actor.send({ type: 'field.change', field: 'password', value: fixtures.credentials.password });
  actor.send({ type: 'form.submit' });
  fake.resolve('signIn', { error: null });
  await flush();
  clock.increment(49);
  expect(rec.log.navigated).toEqual([]);
  clock.increment(1);
  expect(rec.log.navigated).toEqual(['/welcome']);
});

test('machine.provide({ delays }) works on the exported machines too', async () => {
  const fake = createFakeAuthService();
  const rec = createRecordingHost();
  const clock = new SimulatedClock();
  const machine = createAuthCallbackMachine({ service: fake.service, host: rec.host }).provide({
    delays: { callbackErrorRedirect: 10 },
  });
  createActor(machine, { clock, input: { brand: fixtures.brand, query: {} } }).start();
  clock.increment(10);
  expect(rec.log.navigated).toEqual(['/auth']);
  expect(Object.keys(authCallbackMachine.implementations.delays).sort()).toEqual([
    'callbackErrorRedirect',
    'callbackSuccessRedirect',
    'pendingSessionWait',
  ]);
});

test('leaving the page cancels the pending redirect', async () => {
  const fake = createFakeAuthService();
  const rec = createRecordingHost();
  const clock = new SimulatedClock();
  const actor = createActor(createAuthCallbackMachine({ service: fake.service, host: rec.host }), {
    clock,
    input: { brand: fixtures.brand, query: {} },
  }).start();
  actor.stop();
  clock.increment(5000);
  expect(rec.log.navigated).toEqual([]);
});

test('an unprovided actor counts as an exception, not a crash', async () => {
  const actor = createActor(authFormMachine, { input: {} }).start();
  actor.send({ type: 'field.change', field: 'email', value: fixtures.credentials.email });
  actor.send({ type: 'field.change', field: 'password', value: fixtures.credentials.password });
  actor.send({ type: 'form.submit' });
  await flush();
  expect(actor.getSnapshot().context.message).toEqual({
    type: 'error',
    text: 'An unexpected error occurred. Please try again.',
  });
});

test('the success title names the brand from the input', async () => {
  const fake = createFakeAuthService();
  const rec = createRecordingHost();
  const actor = createActor(createAuthCallbackMachine({ service: fake.service, host: rec.host }), {
    clock: new SimulatedClock(),
    input: { brand: 'Another Brand', query: { code: 'c' } },
  }).start();
  fake.resolve('completeCallback', { session: fixtures.session, error: null });
  await flush();
  const { authCallbackView } = await import('../src/index.ts');
  expect(authCallbackView(actor.getSnapshot()).title).toBe('Welcome to Another Brand!');
});
