import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'NEW' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('NEW')).toBeVisible();
  },
};

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge tone="new">NEW</Badge>
      <Badge tone="brand">Premium</Badge>
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="positive">Published</Badge>
      <Badge tone="critical">Overdue</Badge>
    </div>
  ),
};
