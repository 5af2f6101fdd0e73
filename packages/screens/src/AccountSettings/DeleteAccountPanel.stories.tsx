import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { DeleteAccountPanel } from './DeleteAccountPanel.tsx';

const email = 'morag@example.co.uk';

/** Deleting the account: a ConfirmDialog that stays disabled until the e-mail address is typed. */
const meta = {
  title: 'Account/DeleteAccountPanel',
  component: DeleteAccountPanel,
  parameters: { layout: 'padded' },
  args: {
    email,
    isConfirmed: (typed: string) => typed.trim().toLowerCase() === email,
    onDelete: fn(async () => undefined),
  },
} satisfies Meta<typeof DeleteAccountPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Delete account' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    // The dialog fades in: visible once its opening animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const TypedConfirmation: Story = {
  args: { defaultOpen: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(dialog).toBeVisible());
    const confirm = screen.getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), 'morag@example');
    await expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), '.co.uk');
    await expect(confirm).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Keep my published articles/ }));
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(args.onDelete).toHaveBeenCalledWith({ confirmation: 'morag@example.co.uk', keepArticles: true }),
    );
  },
};

export const Refused: Story = {
  args: {
    defaultOpen: true,
    onDelete: fn(async () =>
      Promise.reject(
        new Error(
          'Your premium subscription is still active. Cancel it first, so that you are not charged again, then delete your account.',
        ),
      ),
    ),
  },
  play: async () => {
    await screen.findByRole('dialog');
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Cancel it first');
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};
