import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Components/Forms/TextField',
  component: TextField,
  parameters: { layout: 'padded' },
  args: { label: 'Email', type: 'email', name: 'email' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Email');
    await userEvent.type(input, 'ada@pentland.example');
    await expect(input).toHaveValue('ada@pentland.example');
  },
};

export const WithHint: Story = {
  args: { hint: 'We never share your e-mail address.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription(
      'We never share your e-mail address.',
    );
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toBeRequired();
  },
};

export const WithError: Story = {
  args: { error: 'Please enter a valid email address', defaultValue: 'ada.example' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Email');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ada@pentland.example' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toBeDisabled();
  },
};
