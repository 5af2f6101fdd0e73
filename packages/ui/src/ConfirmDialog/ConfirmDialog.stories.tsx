import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** A confirmation whose action may fail: it stays open and busy until the action settles. */
const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { layout: 'padded' },
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Delete “Cloud backups”?',
    description: 'The article and its images are removed for good.',
    confirmLabel: 'Delete',
    tone: 'critical',
    onConfirm: fn(async () => undefined),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Cloud backups”?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await screen.getByRole('button', { name: 'Delete' }).click();
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Failed: Story = {
  args: {
    onConfirm: fn(async () =>
      Promise.reject(new Error('Could not reach the server. Check your connection and try again.')),
    ),
  },
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    screen.getByRole('button', { name: 'Delete' }).click();
    await expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};
