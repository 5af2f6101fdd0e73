import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { control } from './FormField.css.ts';
import { FormField } from './FormField.tsx';

/** The label / hint / error wiring every field uses; the control gets the ids through a render prop. */
const meta = {
  title: 'Components/Forms/FormField',
  component: FormField,
  parameters: { layout: 'padded' },
  args: {
    label: 'Company',
    hint: 'As registered at Companies House.',
    children: (a11y) => <input className={control()} {...a11y} />,
  },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LabelAndHint: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Company')).toHaveAccessibleDescription(
      'As registered at Companies House.',
    );
  },
};

export const WithError: Story = {
  args: { error: 'Please enter your company name', required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Company');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription(
      'As registered at Companies House. Please enter your company name',
    );
  },
};
