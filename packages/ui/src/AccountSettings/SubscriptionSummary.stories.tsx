import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SubscriptionSummary } from './SubscriptionSummary';

/** The plan on the profile (from user_subscription_status(); no premium on any failure). */
const meta = {
  title: 'Account/SubscriptionSummary',
  component: SubscriptionSummary,
  parameters: { layout: 'padded' },
  args: { plan: 'free' },
} satisfies Meta<typeof SubscriptionSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { plan: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your plan...');
  },
};

export const Free: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Free plan')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/pricing');
  },
};

export const Premium: Story = {
  args: { plan: 'premium', detail: 'Renews on 23 December 2026.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText('Renews on 23 December 2026.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/pricing');
  },
};
