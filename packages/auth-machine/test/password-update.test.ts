import { getShortestPaths } from 'xstate/graph';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, test } from 'vitest';
import {
  carriesAuthRedirect,
  createPasswordUpdateMachine,
  messages,
  passwordUpdateLogic,
  passwordUpdateMessages,
  passwordUpdateView,
  type PasswordUpdateEvent,
} from '../src/index.ts';
import { createFakeAuthService, createRecordingHost, flush } from '../src/testing/index.ts';

const session = { access_token: 'a', refresh_token: 'r', user: { id: 'u1', email: 'u@example.test' } };

function start(input?: { linkAbsent?: boolean }) {
  const fake = createFakeAuthService();
  const rec = createRecordingHost();
  const clock = new SimulatedClock();
  const actor = createActor(createPasswordUpdateMachine({ service: fake.service, host: rec.host }), {
    clock,
    input,
  }).start();
  const view = () => passwordUpdateView(actor.getSnapshot());
  const type = (password: string, confirmPassword: string) => {
    actor.send({ type: 'field.change', field: 'password', value: password });
    actor.send({ type: 'field.change', field: 'confirmPassword', value: confirmPassword });
  };
  return { fake, rec, clock, actor, view, type };
}

describe('passwordUpdate model', () => {
  test('every state of the decision machine is reachable with the page events', () => {
    const events: PasswordUpdateEvent[] = [
      { type: 'recovery.found' },
      { type: 'recovery.missing' },
      { type: 'field.change', field: 'password', value: 'new-secret' },
      { type: 'field.change', field: 'confirmPassword', value: 'new-secret' },
      { type: 'form.submit' },
      { type: 'update.succeeded' },
      { type: 'update.failed', message: 'x' },
      { type: 'timer.passwordUpdatedRedirect' },
    ];
    // Opened with a link (or a session), and with none; 'starting' only passes on at once.
    const reached = new Set(
      [undefined, { linkAbsent: true }].flatMap((input) =>
        getShortestPaths(passwordUpdateLogic, { events, input }).map((p) => String(p.state.value)),
      ),
    );
    expect([...reached].sort()).toEqual(
      Object.keys(passwordUpdateLogic.config.states ?? {})
        .filter((state) => state !== 'starting')
        .sort(),
    );
  });
});

describe('carriesAuthRedirect', () => {
  test('a code or an error in the query, a token or an error in the fragment; nothing else', () => {
    expect(carriesAuthRedirect('?code=abc', '')).toBe(true);
    expect(carriesAuthRedirect('?error=access_denied&error_code=otp_expired', '')).toBe(true);
    expect(carriesAuthRedirect('?error_description=Expired', '')).toBe(true);
    expect(carriesAuthRedirect('', '#access_token=a&type=recovery')).toBe(true);
    expect(carriesAuthRedirect('', '#x=1&error_description=Expired')).toBe(true);
    expect(carriesAuthRedirect('', '')).toBe(false);
    expect(carriesAuthRedirect('?codes=1&next=/welcome', '#main')).toBe(false);
    expect(carriesAuthRedirect('', '#not_access_token=a')).toBe(false);
  });
});

describe('passwordUpdate runtime', () => {
  test('opened with no link and no session, it says where a link comes from and asks the service nothing', async () => {
    const { fake, actor, view } = start({ linkAbsent: true });
    await flush();
    expect(view()).toMatchObject({ status: 'noLink', showForm: false, busy: false, message: null });
    expect(actor.getSnapshot().status).toBe('done');
    expect(fake.calls).toEqual([]);
  });

  test('without a recovery session the link is reported invalid and no form is shown', async () => {
    const { fake, view } = start();
    expect(view()).toMatchObject({ status: 'checking', showForm: false });
    fake.resolve('getSession', { session: null, error: null });
    await flush();
    expect(view()).toMatchObject({
      status: 'linkInvalid',
      showForm: false,
      message: { type: 'error', text: passwordUpdateMessages.linkInvalid },
    });
  });

  test('a failing session read counts as an invalid link', async () => {
    const { fake, view } = start();
    fake.reject('getSession', new Error('offline'));
    await flush();
    expect(view().status).toBe('linkInvalid');
  });

  test('validates length first, then the match, one message at a time, and calls nothing', async () => {
    const { fake, actor, view, type } = start();
    fake.resolve('getSession', { session, error: null });
    await flush();
    type('12345', '54321');
    actor.send({ type: 'form.submit' });
    expect(view().message).toEqual({ type: 'error', text: messages.passwordTooShort });
    type('123456', '1234567');
    actor.send({ type: 'form.submit' });
    expect(view().message).toEqual({ type: 'error', text: messages.passwordsDoNotMatch });
    expect(fake.calls.map((c) => c.method)).toEqual(['getSession']);
  });

  test('updates, shows success, clears the fields and goes to /welcome after 2 s', async () => {
    const { fake, rec, clock, actor, view, type } = start();
    fake.resolve('getSession', { session, error: null });
    await flush();
    type('brand-new', 'brand-new');
    actor.send({ type: 'password.toggle' });
    expect(view().passwordVisible).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(view()).toMatchObject({
      status: 'updating',
      busy: true,
      submitLabel: passwordUpdateMessages.updating,
    });
    expect(fake.calls.at(-1)).toEqual({ method: 'updatePassword', args: [{ password: 'brand-new' }] });
    fake.resolve('updatePassword', { error: null });
    await flush();
    expect(view()).toMatchObject({
      status: 'updated',
      busy: true,
      fields: { password: '', confirmPassword: '' },
      message: { type: 'success', text: passwordUpdateMessages.updated },
    });
    clock.increment(1999);
    expect(rec.log.navigated).toEqual([]);
    clock.increment(1);
    expect(rec.log.navigated).toEqual(['/welcome']);
  });

  test("shows the service's message, or the generic one on an exception, and lets the user try again", async () => {
    const { fake, actor, view, type } = start();
    fake.resolve('getSession', { session, error: null });
    await flush();
    type('same-as-before', 'same-as-before');
    actor.send({ type: 'form.submit' });
    fake.resolve('updatePassword', {
      error: { message: 'New password should be different from the old password.' },
    });
    await flush();
    expect(view()).toMatchObject({
      status: 'editing',
      busy: false,
      submitLabel: passwordUpdateMessages.submit,
      message: { type: 'error', text: 'New password should be different from the old password.' },
    });
    actor.send({ type: 'form.submit' });
    fake.reject('updatePassword', new Error('network'));
    await flush();
    expect(view().message).toEqual({ type: 'error', text: messages.unexpectedError });
  });
});
