import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Textarea } from './Textarea.tsx';

const meta = {
  title: 'Components/Forms/Textarea',
  component: Textarea,
  parameters: { layout: 'padded' },
  args: { label: 'Project details', hint: 'Tell us about your infrastructure and goals.' },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const area = canvas.getByLabelText('Project details');
    await userEvent.type(area, 'Move our ERP to Dynamics 365.');
    await expect(area).toHaveValue('Move our ERP to Dynamics 365.');
  },
};

export const WithError: Story = {
  args: { error: 'Please describe your project', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Project details')).toHaveAttribute('aria-invalid', 'true');
  },
};
