import {
  messages,
  mfaChallengeLogic,
  mfaChallengeView,
  mfaMessages,
  type MfaChallengeEvent,
} from '@pentland/auth-machine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { createActor } from 'xstate';
import { MfaChallenge } from './MfaChallenge.tsx';

/** The authenticator code after signing in (/auth) or before a sensitive change; views of the mfaChallenge machine. */
function viewAfter(...events: MfaChallengeEvent[]) {
  const actor = createActor(mfaChallengeLogic).start();
  for (const event of events) actor.send(event);
  return mfaChallengeView(actor.getSnapshot());
}

const required: MfaChallengeEvent = { type: 'challenge.required', factorId: 'f1' };

const meta = {
  title: 'Auth/MfaChallenge',
  component: MfaChallenge,
  parameters: { layout: 'padded' },
  args: {
    view: viewAfter(required),
    onCodeChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof MfaChallenge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  args: { view: viewAfter() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(mfaMessages.checking);
    await expect(canvas.queryByLabelText(/Authentication code/)).toBeNull();
  },
};

export const EnterCode: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(mfaMessages.challengeTitle);
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '4');
    await expect(args.onCodeChange).toHaveBeenCalledWith('4');
    await userEvent.click(canvas.getByRole('button', { name: mfaMessages.verify }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const MalformedCode: Story = {
  args: { view: viewAfter(required, { type: 'code.change', value: '12ab' }, { type: 'form.submit' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(mfaMessages.codeInvalid);
  },
};

export const WrongCode: Story = {
  args: {
    view: viewAfter(
      required,
      { type: 'code.change', value: '123456' },
      { type: 'form.submit' },
      { type: 'verify.failed', message: 'Invalid TOTP code entered' },
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    await expect(canvas.getByLabelText(/Authentication code/)).toHaveValue('');
  },
};

export const Verifying: Story = {
  args: { view: viewAfter(required, { type: 'code.change', value: '123456' }, { type: 'form.submit' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: mfaMessages.verifying })).toBeDisabled();
    await expect(canvas.getByLabelText(/Authentication code/)).toBeDisabled();
  },
};

export const StepUp: Story = {
  args: {
    headingLevel: 2,
    description: 'Before you turn off two-step verification, enter the code from your authenticator app.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(mfaMessages.challengeTitle);
    await expect(canvas.getByText(/Before you turn off/)).toBeVisible();
  },
};

export const CheckFailed: Story = {
  args: { view: viewAfter({ type: 'challenge.checkFailed' }) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(mfaMessages.checkFailed);
    await userEvent.click(canvas.getByRole('button', { name: messages.tryAgain }));
    await expect(args.onRetry).toHaveBeenCalled();
    await expect(canvas.queryByLabelText(/Authentication code/)).toBeNull();
  },
};
