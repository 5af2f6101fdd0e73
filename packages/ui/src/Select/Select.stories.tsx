import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { sampleServices } from '../fixtures/site.ts';
import { Select } from './Select.tsx';

const options = sampleServices.map((s) => ({ value: s.slug, label: s.title }));

const meta = {
  title: 'Components/Forms/Select',
  component: Select,
  parameters: { layout: 'padded' },
  args: { label: 'Service', options, placeholder: 'Choose a service', onValueChange: fn() },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseOption: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Service' });
    await expect(trigger).toHaveTextContent('Choose a service');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: options[1]!.label }));
    await expect(args.onValueChange).toHaveBeenCalledWith(options[1]!.value);
    await waitFor(() => expect(trigger).toHaveTextContent(options[1]!.label));
  },
};

export const WithError: Story = {
  args: { error: 'Please choose a service', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Service' })).toHaveAccessibleDescription(
      'Please choose a service',
    );
  },
};
