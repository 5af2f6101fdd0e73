import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PlanCards } from './PlanCards.tsx';

const meta = {
  title: 'Premium/PlanCards',
  component: PlanCards,
  args: {
    plans: [
      { id: 'monthly', name: 'Premium Monthly', price: '£9.99', per: 'a month' },
      {
        id: 'yearly',
        name: 'Premium Yearly',
        price: '£99.00',
        per: 'a year',
        note: 'Save £20.88 (17%) a year',
        featured: true,
      },
    ],
    features: [
      'Unlimited AI article generations',
      'Your full poster scan history',
      'Every poster template, premium designs included',
    ],
    onChoose: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PlanCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plans: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('Save £20.88 (17%) a year')).toBeVisible();
    await expect(canvas.getByText('Best value')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Upgrade to Premium Yearly' }));
    await expect(args.onChoose).toHaveBeenCalledWith('yearly');
  },
};

export const OpeningCheckout: Story = {
  args: { busyPlan: 'monthly' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Opening checkout…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Upgrade to Premium Yearly' })).toBeDisabled();
  },
};

export const CheckoutFailed: Story = {
  args: { error: 'Payments are unavailable right now; please try again in a few minutes.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Payments are unavailable right now');
    await expect(canvas.getByRole('button', { name: 'Upgrade to Premium Monthly' })).toBeEnabled();
  },
};

export const AlreadyPremium: Story = {
  args: { current: { label: 'You have Premium Monthly', managePath: '/profile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have Premium Monthly')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(canvas.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  },
};

/** A signed-in visitor's plan is still being checked: no Upgrade button to press meanwhile. */
export const CheckingThePlan: Story = {
  args: { checking: 'Checking your plan…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking your plan…');
    await expect(canvas.queryByRole('button', { name: /Upgrade/ })).toBeNull();
    await expect(canvas.getByText('Save £20.88 (17%) a year')).toBeVisible();
  },
};

/** The checkout was refused because the account has Premium, and the page now knows it: the plan, not the refusal. */
export const AlreadyPremiumAfterARefusedCheckout: Story = {
  args: {
    current: { label: 'You have Premium Monthly', managePath: '/profile' },
    error: 'You already have Premium: manage your subscription from your profile.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have Premium Monthly')).toBeVisible();
    await expect(canvas.queryByText(/You already have Premium/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  },
};

const freePlan = {
  name: 'Free',
  price: '£0',
  per: 'with a free account',
  features: [
    'AI article generator: 3 generations a month',
    'Poster analytics: the last 30 days of scans',
    'Poster templates: the free templates',
  ],
  action: { label: 'Create a free account', to: '/auth?mode=signup' },
};

/** The free account's card beside the paid plans, saying what the free tools include. */
export const WithFreePlan: Story = {
  args: { freePlan },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Free and Premium plans' });
    const cards = within(list).getAllByRole('heading', { level: 3 });
    await expect(cards.map((h) => h.textContent)).toEqual([
      'Free',
      'Premium Monthly',
      'Premium YearlyBest value',
    ]);
    await expect(canvas.getByText('AI article generator: 3 generations a month')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  },
};

export const WithFreePlanOnPhone: Story = {
  args: { freePlan },
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
