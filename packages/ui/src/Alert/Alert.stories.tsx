import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert } from './Alert.tsx';

/** Messages: success or error; a service's error message in a red box. */
const meta = {
  title: 'Components/Alert',
  component: Alert,
  parameters: { layout: 'padded' },
  args: { tone: 'success', children: 'Successfully signed in!' },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Successfully signed in!');
  },
};

export const Error: Story = {
  args: { tone: 'error', children: 'Invalid login credentials' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('alert');
    await expect(box).toHaveTextContent('Invalid login credentials');
    await expect(box).toHaveAttribute('data-tone', 'error');
  },
};

export const Info: Story = {
  args: {
    tone: 'info',
    title: 'Scheduled maintenance',
    children: 'The dashboard is read-only on Sunday 02:00-04:00.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Scheduled maintenance');
  },
};
