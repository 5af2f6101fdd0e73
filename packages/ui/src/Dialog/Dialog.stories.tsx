import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Dialog } from './Dialog.tsx';

/** Confirmations in the dashboards (e.g. deleting an article). */
const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  parameters: { layout: 'padded' },
  args: {
    title: 'Delete this article?',
    description: 'The article and its images are removed for good.',
    confirmLabel: 'Delete',
    tone: 'critical',
    onConfirm: fn(),
    trigger: <Button variant="critical">Delete article</Button>,
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirm: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this article?' });
    await expect(dialog).toHaveAccessibleDescription('The article and its images are removed for good.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const CancelCloses: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete article' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Delete article' })).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete this article?' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
