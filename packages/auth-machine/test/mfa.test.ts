import { getShortestPaths } from 'xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import {
  createMfaChallengeMachine,
  createMfaEnrolMachine,
  isTotpCode,
  messages,
  mfaChallengeLogic,
  mfaChallengeView,
  mfaEnrolLogic,
  mfaEnrolView,
  mfaMessages,
  type MfaChallengeEvent,
  type MfaEnrolEvent,
  type MfaService,
} from '../src/index.ts';
import { flush } from '../src/testing/index.ts';

type Method = keyof MfaService;

/** An MfaService whose calls wait until the test settles them. */
function fakeMfa() {
  const calls: { method: Method; args: unknown[] }[] = [];
  const queue: { method: Method; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const call =
    (method: Method) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return new Promise((resolve, reject) => queue.push({ method, resolve, reject }));
    };
  const take = (method: Method) => {
    const i = queue.findLastIndex((p) => p.method === method);
    if (i < 0) throw new Error(`no pending ${method}`);
    return queue.splice(i, 1)[0]!;
  };
  const methods: Method[] = ['assurance', 'listFactors', 'enrolTotp', 'verify', 'unenrol'];
  const mfa = Object.fromEntries(methods.map((m) => [m, call(m)])) as unknown as MfaService;
  return {
    mfa,
    calls,
    resolve: (m: Method, v: unknown) => take(m).resolve(v),
    reject: (m: Method, e: unknown) => take(m).reject(e),
  };
}

const statesOf = (machine: { config: { states?: object } }) =>
  Object.keys(machine.config.states ?? {}).sort();

describe('mfa model', () => {
  test('every state of the challenge is reachable with its events', () => {
    const events: MfaChallengeEvent[] = [
      { type: 'challenge.required', factorId: 'f1' },
      { type: 'challenge.notRequired' },
      { type: 'challenge.checkFailed' },
      { type: 'retry' },
      { type: 'code.change', value: '123456' },
      { type: 'form.submit' },
      { type: 'verify.succeeded' },
      { type: 'verify.failed', message: 'Invalid TOTP code entered' },
      { type: 'cancel' },
    ];
    const reached = new Set(
      getShortestPaths(mfaChallengeLogic, { events }).map((p) => String(p.state.value)),
    );
    expect([...reached].sort()).toEqual(statesOf(mfaChallengeLogic));
  });

  test('every state of the enrolment is reachable with its events', () => {
    const enrolment = {
      factorId: 'f1',
      qrCode: 'data:image/svg+xml;utf-8,<svg/>',
      secret: 'ABC',
      uri: 'otpauth://x',
    };
    const events: MfaEnrolEvent[] = [
      { type: 'enrol.start' },
      { type: 'enrol.ready', enrolment },
      { type: 'enrol.failed', message: 'x' },
      { type: 'code.change', value: '123456' },
      { type: 'form.submit' },
      { type: 'verify.succeeded' },
      { type: 'verify.failed', message: 'x' },
      { type: 'cancel' },
      { type: 'discard.done' },
    ];
    const reached = new Set(getShortestPaths(mfaEnrolLogic, { events }).map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(statesOf(mfaEnrolLogic));
  });

  test('a code is six digits, spaces ignored', () => {
    expect(isTotpCode('123 456')).toBe(true);
    expect(['', '12345', '1234567', 'abcdef', '12a456'].map(isTotpCode)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('mfa challenge runtime', () => {
  function start() {
    const fake = fakeMfa();
    const log: string[] = [];
    const actor = createActor(
      createMfaChallengeMachine({
        mfa: fake.mfa,
        onCompleted: ({ verified }) => log.push(verified ? 'verified' : 'not required'),
        onCancelled: () => log.push('cancelled'),
      }),
    ).start();
    return { fake, log, actor, view: () => mfaChallengeView(actor.getSnapshot()) };
  }

  test('without a verified factor the session is already enough: completed at once, no form', async () => {
    const { fake, log, view } = start();
    expect(view()).toMatchObject({ status: 'checking', showForm: false, busy: true });
    fake.resolve('assurance', { assurance: { current: 'aal1', next: 'aal1', factorId: null }, error: null });
    await flush();
    expect(view().status).toBe('notRequired');
    expect(log).toEqual(['not required']);
  });

  test('a malformed code is refused without a call; a wrong code clears the field; the right one completes', async () => {
    const { fake, log, actor, view } = start();
    fake.resolve('assurance', { assurance: { current: 'aal1', next: 'aal2', factorId: 'f1' }, error: null });
    await flush();
    expect(view()).toMatchObject({ status: 'entering', showForm: true, busy: false });
    actor.send({ type: 'code.change', value: '12345' });
    actor.send({ type: 'form.submit' });
    expect(view().message).toEqual({ type: 'error', text: mfaMessages.codeInvalid });
    expect(fake.calls.map((c) => c.method)).toEqual(['assurance']);

    actor.send({ type: 'code.change', value: '111 111' });
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({
      status: 'verifying',
      busy: true,
      submitLabel: mfaMessages.verifying,
      message: null,
    });
    expect(fake.calls.at(-1)).toEqual({ method: 'verify', args: [{ factorId: 'f1', code: '111111' }] });
    fake.resolve('verify', { error: { message: 'Invalid TOTP code entered' } });
    await flush();
    expect(view()).toMatchObject({
      status: 'entering',
      code: '',
      message: { type: 'error', text: 'Invalid TOTP code entered' },
    });
    expect(log).toEqual([]);

    actor.send({ type: 'code.change', value: '222222' });
    actor.send({ type: 'form.submit' });
    fake.resolve('verify', { error: null });
    await flush();
    expect(view().status).toBe('verified');
    expect(log).toEqual(['verified']);
  });

  test('an exception while verifying shows the generic message; cancel gives up', async () => {
    const { fake, log, actor, view } = start();
    fake.resolve('assurance', { assurance: { current: 'aal1', next: 'aal2', factorId: 'f1' }, error: null });
    await flush();
    actor.send({ type: 'code.change', value: '123456' });
    actor.send({ type: 'form.submit' });
    fake.reject('verify', new Error('offline'));
    await flush();
    expect(view()).toMatchObject({
      status: 'entering',
      message: { type: 'error', text: messages.unexpectedError },
    });
    actor.send({ type: 'cancel' });
    expect(view().status).toBe('cancelled');
    expect(log).toEqual(['cancelled']);
  });

  test('a failed check can be retried', async () => {
    const { fake, actor, view } = start();
    fake.reject('assurance', new Error('offline'));
    await flush();
    expect(view()).toMatchObject({
      status: 'checkFailed',
      message: { type: 'error', text: mfaMessages.checkFailed },
    });
    actor.send({ type: 'retry' });
    expect(view()).toMatchObject({ status: 'checking', message: null });
    expect(fake.calls.filter((c) => c.method === 'assurance')).toHaveLength(2);
  });
});

describe('mfa enrolment runtime', () => {
  const enrolment = {
    factorId: 'f9',
    qrCode: 'data:image/svg+xml;utf-8,<svg/>',
    secret: 'JBSWY3DP',
    uri: 'otpauth://x',
  };

  function start() {
    const fake = fakeMfa();
    let enrolled = 0;
    const actor = createActor(
      createMfaEnrolMachine({ mfa: fake.mfa, onEnrolled: () => void enrolled++ }),
    ).start();
    return { fake, actor, enrolled: () => enrolled, view: () => mfaEnrolView(actor.getSnapshot()) };
  }

  test('enrols: QR and secret shown, a wrong code keeps the factor pending, the right one turns it on', async () => {
    const { fake, actor, view, enrolled } = start();
    actor.send({ type: 'enrol.start' });
    expect(view()).toMatchObject({ status: 'enrolling', busy: true });
    expect(fake.calls[0]).toEqual({
      method: 'enrolTotp',
      args: [{ friendlyName: mfaMessages.friendlyName }],
    });
    fake.resolve('enrolTotp', { enrolment, error: null });
    await flush();
    expect(view()).toMatchObject({ status: 'scanning', enrolment, busy: false });

    actor.send({ type: 'code.change', value: '000000' });
    actor.send({ type: 'form.submit' });
    expect(fake.calls.at(-1)).toEqual({ method: 'verify', args: [{ factorId: 'f9', code: '000000' }] });
    fake.resolve('verify', { error: { message: 'Invalid TOTP code entered' } });
    await flush();
    expect(view()).toMatchObject({ status: 'scanning', enrolment, code: '', message: { type: 'error' } });
    expect(enrolled()).toBe(0);

    actor.send({ type: 'code.change', value: '123456' });
    actor.send({ type: 'form.submit' });
    fake.resolve('verify', { error: null });
    await flush();
    expect(view()).toMatchObject({
      status: 'enrolled',
      enrolment: null,
      message: { type: 'success', text: mfaMessages.enrolled },
    });
    expect(enrolled()).toBe(1);
  });

  test('cancelling a scan removes the unverified factor; a refused enrolment says why', async () => {
    const { fake, actor, view } = start();
    actor.send({ type: 'enrol.start' });
    fake.resolve('enrolTotp', { enrolment, error: null });
    await flush();
    actor.send({ type: 'cancel' });
    expect(view().status).toBe('discarding');
    expect(fake.calls.at(-1)).toEqual({ method: 'unenrol', args: [{ factorId: 'f9' }] });
    fake.resolve('unenrol', { error: null });
    await flush();
    expect(view()).toMatchObject({ status: 'idle', enrolment: null });

    actor.send({ type: 'enrol.start' });
    fake.resolve('enrolTotp', {
      enrolment: null,
      error: { message: 'Maximum number of verified factors reached' },
    });
    await flush();
    expect(view()).toMatchObject({
      status: 'idle',
      message: { type: 'error', text: 'Maximum number of verified factors reached' },
    });
  });

  test('a malformed code is refused before any call', async () => {
    const { fake, actor, view } = start();
    actor.send({ type: 'enrol.start' });
    fake.resolve('enrolTotp', { enrolment, error: null });
    await flush();
    actor.send({ type: 'code.change', value: 'abc' });
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({
      status: 'scanning',
      message: { type: 'error', text: mfaMessages.codeInvalid },
    });
    expect(fake.calls.map((c) => c.method)).toEqual(['enrolTotp']);
  });
});
