import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ConsultationTypesManager } from './ConsultationTypesManager.tsx';

const types = [
  {
    id: 't1',
    name: 'Cloud readiness review',
    description: 'An hour with an engineer.',
    durationMinutes: '60',
    price: '75.00',
    priceLabel: '£75.00',
    active: true,
    sortOrder: '1',
  },
  {
    id: 't2',
    name: 'Backup review',
    description: '',
    durationMinutes: '45',
    price: '',
    priceLabel: 'Free',
    active: false,
    sortOrder: '9',
  },
];

/** /services/consultation-services: empty, loaded, invalid draft, error. */
const meta = {
  title: 'Dashboards/ConsultationTypesManager',
  component: ConsultationTypesManager,
  parameters: { layout: 'padded' },
  args: { state: 'ready', types, onSave: fn() },
} satisfies Meta<typeof ConsultationTypesManager>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('Hidden')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Backup review' }));
    await userEvent.click(canvas.getByLabelText('Offer it on the request form'));
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 't2', active: true }));
  },
};

export const InvalidDraft: Story = {
  args: {
    errors: {
      name: 'Enter a name',
      durationMinutes: 'Enter 15 to 480 minutes, in steps of 15',
      price: 'Enter a price in pounds, like 75 or 37.50',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Enter 15 to 480 minutes, in steps of 15')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { types: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No consultation types yet: add the first below.')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: 'error', types: [], onRetry: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('could not be loaded');
  },
};
