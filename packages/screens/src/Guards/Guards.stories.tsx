import {
  mfaChallengeLogic,
  mfaChallengeView,
  mfaMessages,
  type AdminGuardView,
  type AuthFormView,
  type SignedInGuardView,
} from '@pentland/auth-machine';
import { fixtures } from '@pentland/auth-machine/testing';
import { useAuth } from '@pentland/auth-machine/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Component, type ReactNode } from 'react';
import { createActor } from 'xstate';
import { MfaChallenge } from '../AccountSettings/MfaChallenge.tsx';
import { Alert } from '@pentland/ui';
import { expect, fn } from 'storybook/test';
import { AuthForm } from '../AuthForm/AuthForm.tsx';
import { viewOf } from '../storybook/paths.ts';
import { AdminGate, SignedInGate } from './Gates.tsx';

/**
 * The route guards (signed-in and admin): each guard state as the guard machines reach
 * it on auth-machine's named paths of the same name.
 */
const meta = {
  title: 'Auth/Guards',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The embedded sign-in form at the view of an auth-form named path. */
const authFormAt = (pathName: string) => (
  <AuthForm
    headingLevel={2}
    view={viewOf<AuthFormView>('authForm', pathName)}
    onFieldChange={fn()}
    onModeSwitch={fn()}
    onTogglePassword={fn()}
    onSubmit={fn()}
    onSocial={fn()}
  />
);
const signInForm = authFormAt('SignInDefault');
/** The form after a successful sign-in with a success handler: 'Successfully signed in!' until the reload. */
const signedInForm = authFormAt('SignInSuccessCallback');
const content = <p>Protected dashboard content</p>;

/** The code form as the guards embed it: cancelling signs out. */
const onSignOut = fn();
const onVerify = fn();
const codeView = (() => {
  const actor = createActor(mfaChallengeLogic).start();
  actor.send({ type: 'challenge.required', factorId: 'f1' });
  return mfaChallengeView(actor.getSnapshot());
})();
const codeForm = (
  <MfaChallenge
    view={codeView}
    headingLevel={2}
    cancelLabel="Sign out"
    onCodeChange={fn()}
    onSubmit={onVerify}
    onCancel={onSignOut}
    onRetry={fn()}
  />
);

interface GateOptions {
  fallback?: ReactNode;
  form?: ReactNode;
  /** Render the view after this many steps of the named path (default: its end). */
  afterStep?: number;
}

const signedIn =
  (name: string, { fallback, form = signInForm, afterStep }: GateOptions = {}) =>
  () => (
    <SignedInGate
      view={viewOf<SignedInGuardView>('signedInGuard', name, afterStep)}
      fallback={fallback}
      signInForm={form}
      codeForm={codeForm}
    >
      {content}
    </SignedInGate>
  );
const admin =
  (name: string, { form = signInForm, afterStep }: GateOptions = {}, onReturnHome = fn()) =>
  () => (
    <AdminGate
      view={viewOf<AdminGuardView>('adminGuard', name, afterStep)}
      signInForm={form}
      codeForm={codeForm}
      onReturnHome={onReturnHome}
    >
      {content}
    </AdminGate>
  );

/** A guard page that keeps its embedded form, with the success message, after a sign-in there. */
const holdsSignedInForm =
  (title: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(canvas.getByText('Successfully signed in!')).toBeVisible();
    await expect(canvas.queryByText('Protected dashboard content')).toBeNull();
  };

export const GuardChecking: Story = {
  render: signedIn('GuardChecking'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking authentication...');
    await expect(canvas.queryByText('Protected dashboard content')).toBeNull();
  },
};

export const GuardAllowed: Story = {
  render: signedIn('GuardAllowed'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protected dashboard content')).toBeVisible();
  },
};

export const GuardFallback: Story = {
  render: signedIn('GuardFallback', { fallback: <p>Sign in to see your posters.</p> }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sign in to see your posters.')).toBeVisible();
    await expect(canvas.queryByText('Authentication Required')).toBeNull();
  },
};

export const GuardSignInRequired: Story = {
  render: signedIn('GuardSignInRequired'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeVisible();
  },
};

/** Signed in with the password only, two-step verification on: the code screen and nothing of the page. */
const onlyTheCodeScreen: Story['play'] = async ({ canvas, userEvent }) => {
  await expect(
    canvas.getByRole('heading', { level: 1, name: 'Enter your authenticator code' }),
  ).toBeVisible();
  await expect(canvas.getByRole('heading', { level: 2, name: mfaMessages.challengeTitle })).toBeVisible();
  await expect(canvas.getByLabelText(/Authentication code/)).toBeVisible();
  await expect(canvas.queryByText('Protected dashboard content')).toBeNull();
  await expect(canvas.queryByRole('button', { name: 'Sign In' })).toBeNull();
  await userEvent.click(canvas.getByRole('button', { name: mfaMessages.verify }));
  await expect(onVerify).toHaveBeenCalled();
  await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
  await expect(onSignOut).toHaveBeenCalled();
};

export const GuardCodeRequired: Story = {
  render: signedIn('GuardCodeRequired', { afterStep: 1 }),
  play: onlyTheCodeScreen,
};

/** After the code: the page. */
export const GuardCodeAccepted: Story = {
  render: signedIn('GuardCodeRequired'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protected dashboard content')).toBeVisible();
    await expect(canvas.queryByLabelText(/Authentication code/)).toBeNull();
  },
};

/** Signed out from the code screen: the sign-in page. */
export const GuardCodeSignedOut: Story = {
  render: signedIn('GuardCodeSignedOut'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible();
    await expect(canvas.queryByLabelText(/Authentication code/)).toBeNull();
  },
};

/** An administrator signed in with the password only: the code screen, not the admin page. */
export const AdminCodeRequired: Story = {
  render: admin('AdminCodeRequired', { afterStep: 1 }),
  play: onlyTheCodeScreen,
};

/** Signed in through the embedded form: the form keeps its success message until the page reloads. */
export const GuardSignedInOnPage: Story = {
  render: signedIn('GuardSignedInOnPage', { form: signedInForm, afterStep: 2 }),
  play: holdsSignedInForm('Authentication Required'),
};

/** Signed in through the admin page's embedded form: the form keeps its success message until the page reloads. */
export const AdminSignedInOnPage: Story = {
  render: admin('AdminSignedInOnPage', { form: signedInForm, afterStep: 2 }),
  play: holdsSignedInForm('Admin Access Required'),
};

export const AdminChecking: Story = {
  render: admin('AdminChecking'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking permissions...');
  },
};

export const AdminSignInRequired: Story = {
  render: admin('AdminSignInRequired'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toBeVisible();
  },
};

const onReturnHome = fn();
export const AdminDenied: Story = {
  render: admin('AdminDenied', {}, onReturnHome),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(
      canvas.getByText("You don't have administrator privileges to access this area."),
    ).toBeVisible();
    await expect(canvas.getByText(fixtures.user.email!)).toBeVisible();
    await expect(canvas.getByText('Contact the system administrator to request admin access.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Return to Homepage' }));
    await expect(onReturnHome).toHaveBeenCalled();
  },
};

export const AdminGranted: Story = {
  render: admin('AdminGranted'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protected dashboard content')).toBeVisible();
  },
};

export const AdminFallbackListed: Story = {
  render: admin('AdminFallbackListed'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protected dashboard content')).toBeVisible();
  },
};

/** What a component using `useAuth()` outside `<AuthProvider>` throws, caught and shown. */
class ShowError extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <Alert tone="error">{this.state.message}</Alert> : this.props.children;
  }
}
function UsesAuth() {
  useAuth();
  return <p>unreachable</p>;
}

export const UseAuthOutsideProvider: Story = {
  parameters: { layout: 'padded' },
  render: () => (
    <ShowError>
      <UsesAuth />
    </ShowError>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('useAuth must be used within an AuthProvider');
  },
};
