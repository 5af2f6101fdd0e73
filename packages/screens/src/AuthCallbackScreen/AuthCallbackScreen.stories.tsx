import { authCallbackView, type AuthCallbackView } from '@pentland/auth-machine';
import { type Run } from '@pentland/auth-machine/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { viewOf } from '../storybook/paths.ts';
import { liveRun, useRunView } from '../storybook/useRun.ts';
import { AuthCallbackScreen } from './AuthCallbackScreen.tsx';

/** /auth/callback: each state of the callback and each error text. */
const meta = {
  title: 'Auth/AuthCallbackScreen',
  component: AuthCallbackScreen,
  args: { view: viewOf<AuthCallbackView>('authCallback', 'CallbackLoading'), onRetry: fn(), onCancel: fn() },
} satisfies Meta<typeof AuthCallbackScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const fromPath = (name: string, play: Story['play'], afterStep?: number): Story => ({
  args: { view: viewOf<AuthCallbackView>('authCallback', name, afterStep) },
  play,
});

const failed =
  (text: string): Story['play'] =>
  async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Authentication Failed' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(text);
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  };

const succeeded =
  (text: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome to Pentland Cloud!' })).toBeVisible();
    await expect(canvas.getByText(text)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try Again' })).toBeNull();
  };

export const CallbackLoading = fromPath('CallbackLoading', async ({ canvas }) => {
  await expect(canvas.getByRole('heading', { level: 1, name: 'Processing Authentication' })).toBeVisible();
  await expect(canvas.queryByRole('button')).toBeNull();
});
export const CallbackErrorFromProvider = fromPath('CallbackErrorFromProvider', failed('User denied access'));
export const CallbackErrorNoCode = fromPath('CallbackErrorNoCode', failed('No authorization code received'));
export const CallbackSessionFailed = fromPath('CallbackSessionFailed', failed('Failed to establish session'));
export const CallbackIncomplete = fromPath('CallbackIncomplete', failed('Authentication incomplete'));
export const CallbackException = fromPath(
  'CallbackException',
  failed('Authentication failed. Please try again.'),
);
export const CallbackSuccessWithSession = fromPath(
  'CallbackSuccessWithSession',
  succeeded('Successfully signed in with the social provider!'),
  1,
);
export const CallbackPendingSessionThenUser = fromPath(
  'CallbackPendingSessionThenUser',
  succeeded('Successfully signed in!'),
  3,
);

/** The real callback machine: no code in the query, so it fails; Try Again leads to /auth. */
function LiveCallback({ run }: { run: Run }) {
  const view = useRunView<AuthCallbackView>(run, authCallbackView);
  return (
    <AuthCallbackScreen
      view={view}
      onRetry={() => run.actor.send({ type: 'retry' })}
      onCancel={() => run.actor.send({ type: 'cancel' })}
    />
  );
}

export const CallbackSuccessForeignRedirect = fromPath(
  'CallbackSuccessForeignRedirect',
  succeeded('Successfully signed in with the social provider!'),
);

export const LiveCallbackTryAgain: Story = {
  loaders: [liveRun('authCallback', { brand: 'Pentland Cloud', query: {}, storedRedirect: null })],
  render: (_args, { loaded }) => <LiveCallback run={loaded.run as Run} />,
  play: async ({ canvas, userEvent, loaded }) => {
    const run = loaded.run as Run;
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No authorization code received');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(run.host.log.navigated).toEqual(['/auth']);
  },
};

export const LiveCallbackCancel: Story = {
  loaders: [liveRun('authCallback', { brand: 'Pentland Cloud', query: {}, storedRedirect: null })],
  render: (_args, { loaded }) => <LiveCallback run={loaded.run as Run} />,
  play: async ({ canvas, userEvent, loaded }) => {
    const run = loaded.run as Run;
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await expect(run.host.log.navigated).toEqual(['/']);
  },
};
