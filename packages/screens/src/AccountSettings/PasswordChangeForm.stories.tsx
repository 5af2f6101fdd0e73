import {
  messages,
  passwordChangeLogic,
  passwordChangeMessages,
  passwordChangeView,
  type PasswordChangeEvent,
} from '@pentland/auth-machine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { createActor } from 'xstate';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';

/** The profile's password change; each story renders the view auth-machine's passwordChange machine reaches. */
function viewAfter(...events: PasswordChangeEvent[]) {
  const actor = createActor(passwordChangeLogic).start();
  for (const event of events) actor.send(event);
  return passwordChangeView(actor.getSnapshot());
}

const typed: PasswordChangeEvent[] = [
  { type: 'field.change', field: 'currentPassword', value: 'old-secret' },
  { type: 'field.change', field: 'password', value: 'new-secret' },
  { type: 'field.change', field: 'confirmPassword', value: 'new-secret' },
];
const submit: PasswordChangeEvent = { type: 'form.submit' };

const meta = {
  title: 'Account/PasswordChangeForm',
  component: PasswordChangeForm,
  parameters: { layout: 'padded' },
  args: {
    view: viewAfter(),
    onFieldChange: fn(),
    onTogglePassword: fn(),
    onSubmit: fn(),
    onResendCode: fn(),
  },
} satisfies Meta<typeof PasswordChangeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/Current password/), 'a');
    await expect(args.onFieldChange).toHaveBeenCalledWith('currentPassword', 'a');
    await userEvent.click(canvas.getByRole('button', { name: passwordChangeMessages.submit }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await expect(canvas.queryByLabelText(/Code from the e-mail/)).toBeNull();
  },
};

export const PasswordsDoNotMatch: Story = {
  args: {
    view: viewAfter(...typed, { type: 'field.change', field: 'confirmPassword', value: 'other' }, submit),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.passwordsDoNotMatch);
  },
};

export const WrongCurrentPassword: Story = {
  args: {
    view: viewAfter(...typed, submit, {
      type: 'change.failed',
      message: passwordChangeMessages.currentWrong,
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(passwordChangeMessages.currentWrong);
    await expect(canvas.getByRole('button', { name: passwordChangeMessages.submit })).toBeEnabled();
  },
};

export const Changing: Story = {
  args: { view: viewAfter(...typed, submit) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: passwordChangeMessages.changing })).toBeDisabled();
    await expect(
      canvas.getByLabelText(/New password/, { selector: 'input[name="password"]' }),
    ).toBeDisabled();
  },
};

export const CodeRequired: Story = {
  args: { view: viewAfter(...typed, submit, { type: 'change.needsCode' }, { type: 'code.sent' }) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(passwordChangeMessages.codeSent);
    await userEvent.type(canvas.getByLabelText(/Code from the e-mail/), '1');
    await expect(args.onFieldChange).toHaveBeenCalledWith('code', '1');
    await userEvent.click(canvas.getByRole('button', { name: passwordChangeMessages.resend }));
    await expect(args.onResendCode).toHaveBeenCalled();
  },
};

export const Changed: Story = {
  args: { view: viewAfter(...typed, submit, { type: 'change.succeeded' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(passwordChangeMessages.changed);
    await expect(canvas.getByLabelText(/Current password/)).toHaveValue('');
  },
};

export const SocialSignInOnly: Story = {
  args: { hasPassword: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/there is no password to change/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: passwordChangeMessages.submit })).toBeNull();
  },
};
