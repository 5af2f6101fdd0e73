import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Checkbox } from './Checkbox.tsx';

const meta = {
  title: 'Components/Forms/Checkbox',
  component: Checkbox,
  parameters: { layout: 'padded' },
  args: { label: 'Send me the Pentland Cloud newsletter', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Toggle: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Send me the Pentland Cloud newsletter' });
    await expect(box).not.toBeChecked();
    await userEvent.click(canvas.getByText('Send me the Pentland Cloud newsletter'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const WithError: Story = {
  args: { label: 'I agree to the Terms of Service', error: 'Please accept the terms', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription('Please accept the terms');
  },
};
