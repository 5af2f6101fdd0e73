import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ButtonLink } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  parameters: { layout: 'padded' },
  args: {
    children: 'Our first articles on cloud, security and technology in the Highlands are on their way.',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Our first articles/)).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    action: (
      <ButtonLink to="/services" variant="secondary">
        Explore our services
      </ButtonLink>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Explore our services' })).toHaveAttribute(
      'href',
      '/services',
    );
  },
};
