import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  title: 'Components/Forms/PasswordField',
  component: PasswordField,
  parameters: { layout: 'padded' },
  args: { label: 'Password', required: true, minLength: 6, onVisibleChange: fn() },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ToggleChangesInputType: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'secret1');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secret1');
    await expect(args.onVisibleChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Visible: Story = {
  args: { visible: true, defaultValue: 'secret1' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
  },
};

export const WithError: Story = {
  args: { error: 'Password must be at least 6 characters', defaultValue: '12345' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
  },
};
