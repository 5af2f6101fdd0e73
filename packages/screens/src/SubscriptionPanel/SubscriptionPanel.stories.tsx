import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SubscriptionPanel } from './SubscriptionPanel.tsx';

const meta = {
  title: 'Premium/SubscriptionPanel',
  component: SubscriptionPanel,
  args: {
    state: 'renews',
    planName: 'Premium Monthly',
    detail: 'Renews on 23 December 2026',
    onManage: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SubscriptionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Checking your subscription…')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Free: Story = {
  args: { state: 'free' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Free planFree');
    await expect(canvas.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Renews: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Premium MonthlyPremium');
    await expect(canvas.getByText('Renews on 23 December 2026')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Manage or cancel' }));
    await expect(args.onManage).toHaveBeenCalledOnce();
  },
};

export const EndsAtPeriodEnd: Story = {
  args: { state: 'ends', planName: 'Premium Yearly', detail: 'Ends on 23 November 2027' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ends on 23 November 2027')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Resume or manage' })).toBeEnabled();
  },
};

export const PastDue: Story = {
  args: {
    state: 'past_due',
    detail: 'Your last payment failed. Update your payment details to keep Premium.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Payment failed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Update payment details' })).toBeVisible();
  },
};

export const Ended: Story = {
  args: { state: 'ended', detail: 'Ended on 1 November 2026' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ended on 1 November 2026')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Subscribe again' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Pending: Story = {
  args: { state: 'pending', detail: 'Waiting for the first payment to complete.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Pending')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Managing: Story = {
  args: { managing: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Opening…' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const ManageFailed: Story = {
  args: { error: 'Subscription management is unavailable right now; please try again in a few minutes.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Subscription management is unavailable');
    await expect(canvas.getByRole('button', { name: 'Manage or cancel' })).toBeEnabled();
  },
};
