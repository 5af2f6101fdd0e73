import { authFormView, type AuthFormView } from '@pentland/auth-machine';
import { fixtures, type Run } from '@pentland/auth-machine/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { viewOf } from '../storybook/paths.ts';
import { liveRun, useRunView } from '../storybook/useRun.ts';
import { AuthForm } from './AuthForm.tsx';

/**
 * The auth form: its modes and outcomes, the validation messages and the service's errors.
 * Static stories render the view auth-machine's named path of the same name reaches; the `Live…` stories
 * drive the real runtime machine (fake backend, simulated clock) through the rendered form.
 */
const meta = {
  title: 'Auth/AuthForm',
  component: AuthForm,
  parameters: { layout: 'padded' },
  args: {
    view: viewOf<AuthFormView>('authForm', 'SignInDefault'),
    onFieldChange: fn(),
    onModeSwitch: fn(),
    onTogglePassword: fn(),
    onSubmit: fn(),
    onSocial: fn(),
  },
} satisfies Meta<typeof AuthForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const fromPath = (name: string, play?: Story['play'], afterStep?: number): Story => ({
  args: { view: viewOf<AuthFormView>('authForm', name, afterStep) },
  play,
});

const alertText =
  (text: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(text);
  };
const statusText =
  (text: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(canvas.getByText(text)).toBeVisible();
    await expect(canvas.getByText(text).closest('[role="status"]')).not.toBeNull();
  };
const busy =
  (label: string): Story['play'] =>
  async ({ canvas }) => {
    const submit = canvas.getByRole('button', { name: label });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
  };

// Sign in
export const SignInDefault = fromPath('SignInDefault', async ({ canvas }) => {
  await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(canvas.getByRole('button', { name: 'Continue with Facebook' })).toBeVisible();
  const password = canvas.getByLabelText('Password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toBeRequired();
  await expect(password).toHaveAttribute('minlength', '6');
  await expect(canvas.getByLabelText('Email')).toBeRequired();
});
export const SignInPasswordVisible = fromPath(
  'SignInPasswordVisible',
  async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
  1,
);
export const SignInInvalidEmail = fromPath(
  'SignInInvalidEmail',
  alertText('Please enter a valid email address'),
);
export const SignInShortPassword = fromPath(
  'SignInShortPassword',
  alertText('Password must be at least 6 characters'),
);
export const SignInSubmitting = fromPath('SignInSubmitting', busy('Signing in...'));
export const SignInServiceError = fromPath('SignInServiceError', alertText(fixtures.serviceError));
export const SignInException = fromPath(
  'SignInException',
  alertText('An unexpected error occurred. Please try again.'),
);
export const SignInSuccess = fromPath('SignInSuccess', statusText('Successfully signed in!'), 4);

// Sign up
export const SignUpDefault: Story = {
  args: { view: viewOf<AuthFormView>('authForm', 'SignUpMissingFullName', 1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Full name')).toBeRequired();
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('minlength', '6');
    await expect(canvas.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(canvas.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  },
};
export const SignUpMissingFullName = fromPath(
  'SignUpMissingFullName',
  alertText('Please enter your full name'),
);
export const SignUpPasswordsDiffer = fromPath('SignUpPasswordsDiffer', alertText('Passwords do not match'));
export const SignUpSubmitting = fromPath('SignUpSubmitting', busy('Creating account...'));
export const SignUpSuccess = fromPath('SignUpSuccess', async ({ canvas }) => {
  await expect(canvas.getByRole('status')).toHaveTextContent(
    'Account created successfully! Please check your email for verification.',
  );
  await expect(canvas.getByLabelText('Email')).toHaveValue('');
});
export const SignUpServiceError = fromPath('SignUpServiceError', alertText('User already registered'));

// Forgot password
export const ForgotInvalidEmail = fromPath('ForgotInvalidEmail', async ({ canvas }) => {
  await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  await expect(canvas.queryByLabelText('Password')).toBeNull();
  await expect(canvas.queryByRole('button', { name: /Continue with/ })).toBeNull();
});
export const ForgotSubmitting = fromPath('ForgotSubmitting', busy('Sending reset email...'));
export const ForgotSuccess = fromPath('ForgotSuccess', async ({ canvas }) => {
  await expect(canvas.getByRole('status')).toHaveTextContent(
    'Password reset email sent! Please check your inbox.',
  );
});
export const ForgotException = fromPath(
  'ForgotException',
  alertText('An unexpected error occurred. Please try again.'),
);

// Social sign-in
export const SocialRedirecting = fromPath('SocialRedirecting', async ({ canvas }) => {
  await expect(canvas.getByRole('status')).toHaveTextContent('Redirecting to Facebook...');
  await expect(canvas.getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();
});
export const SocialFailed = fromPath(
  'SocialFailed',
  alertText(`Facebook sign in failed: ${fixtures.providerError}. Please try again or use email/password.`),
);
export const SocialException = fromPath(
  'SocialException',
  alertText('Facebook sign in failed. Please try again or use email/password.'),
);

/** The real machine behind the form: a fake backend that answers only when the story says so. */
function LiveAuthForm({ run }: { run: Run }) {
  const view = useRunView<AuthFormView>(run, authFormView);
  const send = (event: { type: string; [k: string]: unknown }) => run.actor.send(event);
  return (
    <AuthForm
      view={view}
      onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
      onModeSwitch={(mode) => send({ type: 'mode.switch', mode })}
      onTogglePassword={() => send({ type: 'password.toggle' })}
      onSubmit={() => send({ type: 'form.submit' })}
      onSocial={() => send({ type: 'social.start' })}
    />
  );
}

const live = (play: Story['play']): Story => ({
  loaders: [liveRun('authForm', { currentPath: '/pricing' })],
  render: (_args, { loaded }) => <LiveAuthForm run={loaded.run as Run} />,
  play,
});

export const LiveValidationOrder = live(async ({ canvas, userEvent }) => {
  const submit = canvas.getByRole('button', { name: 'Sign In' });
  await userEvent.type(canvas.getByLabelText('Email'), 'ada.example');
  await userEvent.click(submit);
  await expect(await canvas.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  await userEvent.clear(canvas.getByLabelText('Email'));
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@pentland.example');
  await userEvent.type(canvas.getByLabelText('Password'), '12345');
  await userEvent.click(submit);
  await expect(await canvas.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
});

export const LiveToggleChangesInputType = live(async ({ canvas, userEvent }) => {
  const password = canvas.getByLabelText('Password');
  await userEvent.type(password, 'secret1');
  await expect(password).toHaveAttribute('type', 'password');
  await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
  await waitFor(() => expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text'));
  await expect(canvas.getByLabelText('Password')).toHaveValue('secret1');
  await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
  await waitFor(() => expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password'));
});

export const LiveModeSwitchClearsFields = live(async ({ canvas, userEvent }) => {
  await userEvent.type(canvas.getByLabelText('Email'), 'nope');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
  await expect(await canvas.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));
  await waitFor(() => expect(canvas.getByLabelText('Full name')).toBeVisible());
  await expect(canvas.getByLabelText('Email')).toHaveValue('');
  await expect(canvas.queryByRole('alert')).toBeNull();
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@pentland.example');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Forgot your password?' }));
  await waitFor(() => expect(canvas.queryByLabelText('Password')).toBeNull());
  await expect(canvas.getByLabelText('Email')).toHaveValue('');
  await expect(canvas.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
});

export const LiveSubmitDisablesButtons = live(async ({ canvas, userEvent, loaded }) => {
  const run = loaded.run as Run;
  await userEvent.type(canvas.getByLabelText('Email'), fixtures.credentials.email);
  await userEvent.type(canvas.getByLabelText('Password'), fixtures.credentials.password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
  const submitting = await canvas.findByRole('button', { name: 'Signing in...' });
  await expect(submitting).toBeDisabled();
  await expect(canvas.getByRole('button', { name: 'Continue with Facebook' })).toBeDisabled();
  await expect(run.fake.calls.map((c) => c.method)).toEqual(['signIn']);
  await run.step({ type: 'signIn.succeeded' });
  await expect(await canvas.findByRole('status')).toHaveTextContent('Successfully signed in!');
  await run.step({ type: 'timer.signInRedirect' });
  await expect(run.host.log.navigated).toEqual(['/welcome']);
});
