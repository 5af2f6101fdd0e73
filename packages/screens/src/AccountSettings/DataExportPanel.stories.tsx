import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DataExportPanel } from './DataExportPanel.tsx';

/** "Download my data" (UK GDPR right of access). */
const meta = {
  title: 'Account/DataExportPanel',
  component: DataExportPanel,
  parameters: { layout: 'padded' },
  args: { onDownload: fn(), state: { status: 'idle' } },
} satisfies Meta<typeof DataExportPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(args.onDownload).toHaveBeenCalled();
  },
};

export const Preparing: Story = {
  args: { state: { status: 'busy' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Preparing your data/ })).toBeDisabled();
  },
};

export const Downloaded: Story = {
  args: {
    state: {
      status: 'success',
      message: 'Your data has been downloaded: your account details, profile, 2 articles, 1 poster.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('2 articles, 1 poster');
  },
};

export const Failed: Story = {
  args: { state: { status: 'error', message: 'Your data could not be prepared. Please try again.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('could not be prepared');
  },
};
