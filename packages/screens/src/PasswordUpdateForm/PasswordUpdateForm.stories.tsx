import {
  messages,
  passwordUpdateLogic,
  passwordUpdateMessages,
  passwordUpdateView,
  type PasswordUpdateEvent,
  type PasswordUpdateInput,
} from '@pentland/auth-machine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { createActor } from 'xstate';
import { PasswordUpdateForm } from './PasswordUpdateForm.tsx';

/**
 * The reset-password page (/auth/reset-password, where the recovery e-mail's link lands). Each story renders
 * the view auth-machine's passwordUpdate decision machine reaches after the listed events.
 */
function viewAfter(...events: PasswordUpdateEvent[]) {
  return viewFrom(undefined, ...events);
}

function viewFrom(input: PasswordUpdateInput | undefined, ...events: PasswordUpdateEvent[]) {
  const actor = createActor(passwordUpdateLogic, { input }).start();
  for (const event of events) actor.send(event);
  return passwordUpdateView(actor.getSnapshot());
}

const found: PasswordUpdateEvent = { type: 'recovery.found' };
const typed = (password: string, confirmPassword: string): PasswordUpdateEvent[] => [
  { type: 'field.change', field: 'password', value: password },
  { type: 'field.change', field: 'confirmPassword', value: confirmPassword },
];
const submit: PasswordUpdateEvent = { type: 'form.submit' };

const meta = {
  title: 'Auth/PasswordUpdateForm',
  component: PasswordUpdateForm,
  parameters: { layout: 'padded' },
  args: {
    view: viewAfter(found),
    onFieldChange: fn(),
    onTogglePassword: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof PasswordUpdateForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CheckingLink: Story = {
  args: { view: viewAfter() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(passwordUpdateMessages.checking);
    await expect(canvas.queryByLabelText('New password')).toBeNull();
  },
};

export const NoLink: Story = {
  args: { view: viewFrom({ linkAbsent: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(passwordUpdateMessages.noLink);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(canvas.queryByLabelText('New password')).toBeNull();
  },
};

export const LinkInvalid: Story = {
  args: { view: viewAfter({ type: 'recovery.missing' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(passwordUpdateMessages.linkInvalid);
    await expect(canvas.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(canvas.queryByLabelText('New password')).toBeNull();
  },
};

export const Editing: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('New password'), 'a');
    await expect(args.onFieldChange).toHaveBeenCalledWith('password', 'a');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Show password' })[0]!);
    await expect(args.onTogglePassword).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: passwordUpdateMessages.submit }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const PasswordVisible: Story = {
  args: { view: viewAfter(found, ...typed('new-secret', 'new-secret'), { type: 'password.toggle' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('New password')).toHaveAttribute('type', 'text');
    await expect(canvas.getByLabelText('Confirm new password')).toHaveAttribute('type', 'text');
  },
};

export const PasswordTooShort: Story = {
  args: { view: viewAfter(found, ...typed('12345', '12345'), submit) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.passwordTooShort);
  },
};

export const PasswordsDoNotMatch: Story = {
  args: { view: viewAfter(found, ...typed('new-secret', 'new-secrets'), submit) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.passwordsDoNotMatch);
  },
};

export const Updating: Story = {
  args: { view: viewAfter(found, ...typed('new-secret', 'new-secret'), submit) },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: passwordUpdateMessages.updating });
    await expect(button).toBeDisabled();
    await expect(canvas.getByLabelText('New password')).toBeDisabled();
  },
};

export const ServiceError: Story = {
  args: {
    view: viewAfter(found, ...typed('same-secret', 'same-secret'), submit, {
      type: 'update.failed',
      message: 'New password should be different from the old password.',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    );
    await expect(canvas.getByRole('button', { name: passwordUpdateMessages.submit })).toBeEnabled();
  },
};

export const UnexpectedError: Story = {
  args: { view: viewAfter(found, ...typed('new-secret', 'new-secret'), submit, { type: 'update.threw' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.unexpectedError);
  },
};

export const Updated: Story = {
  args: {
    view: viewAfter(found, ...typed('new-secret', 'new-secret'), submit, { type: 'update.succeeded' }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(passwordUpdateMessages.updated)).toBeVisible();
    await expect(canvas.getByRole('button', { name: passwordUpdateMessages.submit })).toBeDisabled();
  },
};
