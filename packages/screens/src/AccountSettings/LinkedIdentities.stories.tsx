import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LinkedIdentities } from './LinkedIdentities.tsx';

const note =
  'This is the only way you can sign in, so it cannot be removed. Link another sign-in method first.';

/** The ways to sign in: linked ones (never the last removed) and providers still to link. */
const meta = {
  title: 'Account/LinkedIdentities',
  component: LinkedIdentities,
  parameters: { layout: 'padded' },
  args: {
    identities: [{ id: 'i1', name: 'E-mail and password', email: 'morag@example.co.uk', removable: false }],
    available: [
      { id: 'google', name: 'Google' },
      { id: 'facebook', name: 'Facebook' },
    ],
    onLink: fn(),
    onUnlink: fn(),
    state: { status: 'idle' },
    lastIdentityNote: note,
  },
} satisfies Meta<typeof LinkedIdentities>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnlyOneMethod: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(note)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Link Google' }));
    await expect(args.onLink).toHaveBeenCalledWith('google');
  },
};

export const TwoMethods: Story = {
  args: {
    identities: [
      { id: 'i1', name: 'E-mail and password', email: 'morag@example.co.uk', removable: true },
      { id: 'i2', name: 'Facebook', email: 'morag@example.co.uk', removable: true },
    ],
    available: [{ id: 'google', name: 'Google' }],
    state: { status: 'success', message: 'Facebook is now linked to your account.' },
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.queryByText(note)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Facebook' }));
    await expect(args.onUnlink).toHaveBeenCalledWith('i2');
    await expect(canvas.getByRole('status')).toHaveTextContent('now linked');
  },
};

export const Refused: Story = {
  args: {
    state: { status: 'error', message: 'Identity is already linked to another user' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('already linked to another user');
  },
};
