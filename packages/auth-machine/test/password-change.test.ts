import { getShortestPaths } from 'xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, test } from 'vitest';
import {
  createPasswordChangeMachine,
  messages,
  passwordChangeLogic,
  passwordChangeMessages,
  passwordChangeOutcome,
  passwordChangeView,
  type PasswordChangeEvent,
  type PasswordChangeService,
} from '../src/index.ts';
import { flush } from '../src/testing/index.ts';

function fakeService() {
  const calls: { method: keyof PasswordChangeService; args: unknown[] }[] = [];
  const pending = new Map<string, (v: unknown) => void>();
  const failing = new Map<string, (e: unknown) => void>();
  const call =
    (method: keyof PasswordChangeService) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return new Promise((resolve, reject) => {
        pending.set(method, resolve);
        failing.set(method, reject);
      });
    };
  const service = {
    changePassword: call('changePassword'),
    sendReauthenticationCode: call('sendReauthenticationCode'),
  } as unknown as PasswordChangeService;
  return {
    service,
    calls,
    resolve: (m: keyof PasswordChangeService, v: unknown) => pending.get(m)!(v),
    reject: (m: keyof PasswordChangeService, e: unknown) => failing.get(m)!(e),
  };
}

function start() {
  const fake = fakeService();
  const actor = createActor(createPasswordChangeMachine({ service: fake.service })).start();
  const view = () => passwordChangeView(actor.getSnapshot());
  const type = (currentPassword: string, password: string, confirmPassword = password) => {
    actor.send({ type: 'field.change', field: 'currentPassword', value: currentPassword });
    actor.send({ type: 'field.change', field: 'password', value: password });
    actor.send({ type: 'field.change', field: 'confirmPassword', value: confirmPassword });
  };
  return { fake, actor, view, type };
}

describe('passwordChange model', () => {
  test('every state is reachable with the form and service events', () => {
    const events: PasswordChangeEvent[] = [
      { type: 'field.change', field: 'currentPassword', value: 'old-secret' },
      { type: 'field.change', field: 'password', value: 'new-secret' },
      { type: 'field.change', field: 'confirmPassword', value: 'new-secret' },
      { type: 'form.submit' },
      { type: 'change.succeeded' },
      { type: 'change.needsCode' },
      { type: 'change.failed', message: 'x' },
      { type: 'code.sent' },
      { type: 'code.failed', message: 'x' },
      { type: 'code.resend' },
    ];
    const reached = new Set(
      getShortestPaths(passwordChangeLogic, { events }).map((p) => String(p.state.value)),
    );
    expect([...reached].sort()).toEqual(Object.keys(passwordChangeLogic.config.states ?? {}).sort());
  });

  test("GoTrue's refusals in the page's words", () => {
    expect(passwordChangeOutcome({ error: null })).toEqual({ type: 'change.succeeded' });
    expect(passwordChangeOutcome({ error: { message: 'x', code: 'reauthentication_needed' } })).toEqual({
      type: 'change.needsCode',
    });
    for (const code of ['current_password_required', 'current_password_invalid'])
      expect(passwordChangeOutcome({ error: { message: 'x', code } })).toEqual({
        type: 'change.failed',
        message: passwordChangeMessages.currentWrong,
      });
    expect(passwordChangeOutcome({ error: { message: 'x', code: 'reauthentication_not_valid' } })).toEqual({
      type: 'change.failed',
      message: passwordChangeMessages.codeInvalid,
    });
    expect(
      passwordChangeOutcome({ error: { message: 'Password is known to be weak', code: 'weak_password' } }),
    ).toEqual({ type: 'change.failed', message: 'Password is known to be weak' });
  });
});

describe('passwordChange runtime', () => {
  test('validates in order (current, length, match) without calling the service', () => {
    const { fake, actor, view, type } = start();
    type('', 'new-secret');
    actor.send({ type: 'form.submit' });
    expect(view().message?.text).toBe(passwordChangeMessages.currentRequired);
    type('old-secret', '12345');
    actor.send({ type: 'form.submit' });
    expect(view().message?.text).toBe(messages.passwordTooShort);
    type('old-secret', 'new-secret', 'new-secrets');
    actor.send({ type: 'form.submit' });
    expect(view().message?.text).toBe(messages.passwordsDoNotMatch);
    expect(fake.calls).toEqual([]);
  });

  test('a wrong current password is reported and the form stays filled for another try', async () => {
    const { fake, actor, view, type } = start();
    type('wrong-one', 'new-secret');
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({
      status: 'changing',
      busy: true,
      submitLabel: passwordChangeMessages.changing,
    });
    expect(fake.calls[0]).toEqual({
      method: 'changePassword',
      args: [{ currentPassword: 'wrong-one', password: 'new-secret' }],
    });
    fake.resolve('changePassword', { error: { message: 'x', code: 'current_password_invalid' } });
    await flush();
    expect(view()).toMatchObject({
      status: 'editing',
      busy: false,
      message: { type: 'error', text: passwordChangeMessages.currentWrong },
      fields: { currentPassword: 'wrong-one', password: 'new-secret' },
    });
  });

  test('when the server asks for reauthentication, the code is mailed and sent with the next try', async () => {
    const { fake, actor, view, type } = start();
    type('old-secret', 'new-secret');
    actor.send({ type: 'form.submit' });
    fake.resolve('changePassword', { error: { message: 'x', code: 'reauthentication_needed' } });
    await flush();
    expect(view()).toMatchObject({ status: 'sendingCode', codeRequired: true, busy: true });
    fake.resolve('sendReauthenticationCode', { error: null });
    await flush();
    expect(view()).toMatchObject({
      status: 'editing',
      codeRequired: true,
      message: { type: 'success', text: passwordChangeMessages.codeSent },
    });
    actor.send({ type: 'form.submit' });
    expect(view().message?.text).toBe(passwordChangeMessages.codeRequired);
    actor.send({ type: 'field.change', field: 'code', value: ' 123456 ' });
    actor.send({ type: 'form.submit' });
    expect(fake.calls.at(-1)).toEqual({
      method: 'changePassword',
      args: [{ currentPassword: 'old-secret', password: 'new-secret', nonce: '123456' }],
    });
    fake.resolve('changePassword', { error: null });
    await flush();
    expect(view()).toMatchObject({
      status: 'changed',
      codeRequired: false,
      fields: { currentPassword: '', password: '', confirmPassword: '', code: '' },
      message: { type: 'success', text: passwordChangeMessages.changed },
    });
  });

  test('a new code can be asked for; an exception shows the generic message', async () => {
    const { fake, actor, view, type } = start();
    type('old-secret', 'new-secret');
    actor.send({ type: 'code.resend' });
    expect(view().status).toBe('editing'); // no code was asked for yet
    actor.send({ type: 'form.submit' });
    fake.resolve('changePassword', { error: { message: 'x', code: 'reauthentication_needed' } });
    await flush();
    fake.resolve('sendReauthenticationCode', { error: null });
    await flush();
    actor.send({ type: 'code.resend' });
    expect(view().status).toBe('sendingCode');
    fake.resolve('sendReauthenticationCode', { error: null });
    await flush();
    actor.send({ type: 'field.change', field: 'code', value: '654321' });
    actor.send({ type: 'form.submit' });
    fake.reject('changePassword', new Error('offline'));
    await flush();
    expect(view()).toMatchObject({
      status: 'editing',
      message: { type: 'error', text: messages.unexpectedError },
    });
  });
});
