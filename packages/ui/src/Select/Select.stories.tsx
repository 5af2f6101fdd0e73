import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { chosen } from '../fixtures/chosen.tsx';
import { sampleServices } from '../fixtures/site.ts';
import { Select } from './Select.tsx';

const options = sampleServices.map((s) => ({ value: s.slug, label: s.title }));

const Chosen = chosen(Select);

const meta = {
  title: 'Components/Forms/Select',
  component: Select,
  parameters: { layout: 'padded' },
  args: { label: 'Service', options, placeholder: 'Choose a service', onValueChange: fn() },
  render: (args) => <Chosen {...args} />,
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseOption: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Service' });
    // The placeholder shows, and is not itself a choice.
    await expect(select).toHaveDisplayValue('Choose a service');
    const placeholder = select.querySelector('option[value=""]');
    await expect(placeholder).toBeDisabled();
    await expect(placeholder).toHaveTextContent('Choose a service');
    await userEvent.selectOptions(select, options[1]!.label);
    await expect(args.onValueChange).toHaveBeenCalledWith(options[1]!.value);
    await expect(select).toHaveDisplayValue(options[1]!.label);
  },
};

export const WithError: Story = {
  args: { error: 'Please choose a service', required: true },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Service' });
    await expect(select).toHaveAccessibleDescription('Please choose a service');
    await expect(select).toBeInvalid();
  },
};

export const Disabled: Story = {
  args: { value: options[0]!.value, disabled: true },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Service' });
    await expect(select).toBeDisabled();
    await expect(select).toHaveDisplayValue(options[0]!.label);
  },
};
