import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Card } from './Card.tsx';

const meta = {
  title: 'Layout/Card',
  component: Card,
  parameters: { layout: 'padded' },
  args: {
    title: 'Cloud Infrastructure',
    children: (
      <>
        <p>
          Design, migration and round-the-clock management of secure Azure and AWS infrastructure that grows
          with you.
        </p>
        <Button to="/services/cloud-infrastructure" variant="secondary">
          Learn more
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Raised: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Cloud Infrastructure' })).toBeVisible();
  },
};

export const Flat: Story = { args: { elevation: 'flat' } };

export const Grid: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
      <Card {...args} />
      <Card {...args} title="Dynamics 365" />
      <Card {...args} title="Web Development" />
    </div>
  ),
};
