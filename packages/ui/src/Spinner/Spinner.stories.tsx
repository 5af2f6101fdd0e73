import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PageSpinner, Spinner } from './Spinner.tsx';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
  },
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Spinner size="small" label="Loading small" />
      <Spinner size="standard" label="Loading standard" />
      <Spinner size="large" label="Loading large" />
    </div>
  ),
};

export const WithLabel: Story = {
  args: { label: 'Checking authentication...', showLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Checking authentication...')).toBeVisible();
  },
};

/** What a lazily loaded page shows while it loads. */
export const Page: Story = {
  render: () => <PageSpinner />,
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
  },
};
