import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Inline } from '@pentland/ui';
import { StatusBadge } from './StatusBadge.tsx';

/** The status workflow badge of the dashboards: new → contacted → scheduled → completed, or cancelled; E-Board entries. */
const meta = {
  title: 'Dashboards/StatusBadge',
  component: StatusBadge,
  parameters: { layout: 'padded' },
  args: { status: 'new' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EnquiryWorkflow: Story = {
  render: () => (
    <Inline gap="2">
      {['new', 'contacted', 'scheduled', 'completed', 'cancelled'].map((s) => (
        <StatusBadge key={s} status={s} />
      ))}
    </Inline>
  ),
  play: async ({ canvas }) => {
    for (const label of ['New', 'Contacted', 'Scheduled', 'Completed', 'Cancelled'])
      await expect(canvas.getByText(label)).toBeVisible();
  },
};

export const EboardModeration: Story = {
  render: () => (
    <Inline gap="2">
      {['pending', 'approved', 'rejected', 'archived'].map((s) => (
        <StatusBadge key={s} status={s} />
      ))}
    </Inline>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Rejected')).toHaveAttribute('data-status', 'rejected');
  },
};
