import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { chosen } from '../fixtures/chosen.tsx';
import { sampleServices } from '../fixtures/site.ts';
import { RadioGroup } from './RadioGroup.tsx';

const options = sampleServices.slice(0, 4).map((s) => ({ value: s.slug, label: s.title }));

const Chosen = chosen(RadioGroup);

const meta = {
  title: 'Components/Forms/RadioGroup',
  component: RadioGroup,
  parameters: { layout: 'padded' },
  args: { label: 'Service', options, required: true, onValueChange: fn() },
  render: (args) => <Chosen {...args} />,
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseOption: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Service' });
    await expect(group).toBeRequired();
    // Nothing is chosen until the visitor chooses.
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    // A tap on the card's text chooses, as a tap on the radio does.
    await userEvent.click(canvas.getByText(options[1]!.label));
    await expect(args.onValueChange).toHaveBeenCalledWith(options[1]!.value);
    await expect(canvas.getByRole('radio', { name: options[1]!.label })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: options[0]!.label })).not.toBeChecked();
  },
};

export const Keyboard: Story = {
  args: { value: options[0]!.value },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    // One stop in the tab order: the chosen radio; the arrow keys move the choice.
    await expect(canvas.getByRole('radio', { name: options[0]!.label })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: options[1]!.label })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: options[1]!.label })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(options[1]!.value);
  },
};

export const WithHints: Story = {
  args: {
    label: 'Consultation type',
    options: [
      { value: 'review', label: 'Cloud readiness review', hint: '60 min, £75.00' },
      { value: 'check-up', label: 'Website and hosting check-up', hint: '30 min, £37.50' },
    ],
    hint: 'Choose the one closest to what you need.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Cloud readiness review' })).toHaveAccessibleDescription(
      '60 min, £75.00',
    );
    await expect(canvas.getByRole('radiogroup', { name: 'Consultation type' })).toHaveAccessibleDescription(
      'Choose the one closest to what you need.',
    );
  },
};

export const WithError: Story = {
  args: { error: 'Please choose a service' },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Service' });
    await expect(group).toHaveAccessibleDescription('Please choose a service');
    await expect(group).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { value: options[0]!.value, disabled: true },
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: options[0]!.label })).toBeChecked();
  },
};

export const Loading: Story = {
  args: { options: [], emptyText: 'Loading the choices…' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Service' })).toHaveTextContent(
      'Loading the choices…',
    );
    await expect(canvas.queryAllByRole('radio')).toHaveLength(0);
  },
};
